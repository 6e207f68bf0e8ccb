"""The service's ground floor (service/common): its doors, names, texts and worker pool."""
