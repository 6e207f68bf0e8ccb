"""Pictures, alt text and text boards (rendering/)."""
