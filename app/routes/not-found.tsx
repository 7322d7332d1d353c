import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold text-navy sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-700">Did you forget to add the page to the router?</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Go to the home page
        </Link>
        <Link to="/products" className="btn btn-secondary text-steel">
          Browse products
        </Link>
      </div>
    </section>
  );
}
