"""Playing an online table (lama-web/1) from this machine: `lama join`."""
