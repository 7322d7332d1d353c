import {
  BadgeCheck,
  Boxes,
  Clock,
  Headset,
  type LucideIcon,
  MapPinned,
  Package,
  PackageCheck,
  ShieldCheck,
  Timer,
  Truck,
  Warehouse,
  Wrench,
  Zap,
} from "lucide-react";

/** The icons content may name; only these are bundled. */
export const contentIcons: Record<string, LucideIcon> = {
  BadgeCheck,
  Boxes,
  Clock,
  Headset,
  MapPinned,
  Package,
  PackageCheck,
  ShieldCheck,
  Timer,
  Truck,
  Warehouse,
  Wrench,
  Zap,
};

export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = contentIcons[name] ?? Package;
  return <Icon aria-hidden="true" className={className} />;
}
