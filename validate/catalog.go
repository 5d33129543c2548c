package validate

// Catalog validation (AI-CATALOG.md checklist) lives here; owned by the On
// Request/catalog work.
