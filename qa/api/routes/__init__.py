"""The API's routers, one per area (as in the FastAPI full-stack template's ``api/routes``)."""
