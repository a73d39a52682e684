// Starts Swagger UI (vendored in static/api/swagger-ui/) on the API docs page.
document.addEventListener("DOMContentLoaded", () => {
  const settings = JSON.parse(document.getElementById("swagger-settings").textContent);
  window.ui = SwaggerUIBundle({
    ...settings,
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
  });
});
