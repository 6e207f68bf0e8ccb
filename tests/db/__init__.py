"""The stores, their migrations, backups and shards (db/)."""
