// Evaluated within React's own chunk (vite.config.ts), so that React's modules initialise there, in a task of
// their own before the app boots (scripts/precompress.js), and not in the app's first task.
import "react";
import "react/jsx-runtime";
import "react-dom";
import "react-dom/client";
