"""The one SQL layer: every statement the package runs lives under this package."""
