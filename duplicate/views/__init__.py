"""Views, split by feature: events, entry, exports, audit, standings."""
