// Swagger UI for /docs: the OpenAPI document of this service, from the packaged bundle (no other host).
window.addEventListener("DOMContentLoaded", () => {
  const root = document.body.dataset.root || "";
  window.ui = SwaggerUIBundle({
    url: `${root}/openapi.json`,
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
    layout: "BaseLayout",
    validatorUrl: null,
    showExtensions: true,
  });
});
