"""Views, split by feature: events, entry, exports, audit (standings in duplicate.views_standings for now)."""
