"""The records room (service/records, bot/records): export, import and replay."""
