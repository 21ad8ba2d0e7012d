"""rootbotics in the browser: the table companion and watched bot games on a board you can see
(``rootbotics serve``; FastAPI, Jinja2 templates and htmx, every asset inside the package)."""
