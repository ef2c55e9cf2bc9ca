"""Writes. Each service is one transaction, takes keyword-only typed arguments and is named <thing>_<verb>.

Nothing here reads a request; views call these with plain values. Bad input raises ``ServiceError`` (a
``ValueError``) with a message that names the field or the row, and nothing is written.
"""

from __future__ import annotations

from duplicate.services.analyses import (
    AnalysisUnavailable,
    deal_analyses_compute,
    deal_analyses_start,
    deal_analyses_wait,
)
from duplicate.services.boards import (
    HANDS_REPLACED,
    HandsAttached,
    HandsChange,
    HandsGiven,
    HandsPreview,
    HandsStale,
    board_deals_preview,
    board_deals_set,
    board_vulnerability_set,
    deals_random,
)
from duplicate.services.clock import event_round_clock_set
from duplicate.services.confirm import event_confirm_results_set, play_result_confirm
from duplicate.services.errors import ServiceError
from duplicate.services.events import (
    average_plus_for,
    butler_datum_for,
    event_awards_set,
    event_butler_datum_set,
    event_create,
    event_finish,
    event_names_update,
    event_ranking_set,
    event_reopen,
    event_results_source_set,
    event_running_totals_set,
    movement_build,
    pair_names_update,
    section_add,
    section_populate,
)
from duplicate.services.hands_import import (
    HandsImport,
    hands_from_file,
    hands_from_lin,
    hands_from_pbn,
    is_hands_text,
    is_pbn_text,
)
from duplicate.services.results import (
    EVENT_FINISHED,
    BoardLine,
    BoardLinesError,
    ConflictError,
    PermissionDenied,
    Writer,
    board_results_save,
    event_lock,
    event_results_touch,
    play_result_save,
    round_agree,
    round_agreed_message,
)
from duplicate.services.tokens import table_token_create, table_token_revoke, table_traveller_open

__all__ = [
    "EVENT_FINISHED",
    "HANDS_REPLACED",
    "AnalysisUnavailable",
    "BoardLine",
    "BoardLinesError",
    "ConflictError",
    "HandsAttached",
    "HandsChange",
    "HandsGiven",
    "HandsImport",
    "HandsPreview",
    "HandsStale",
    "PermissionDenied",
    "ServiceError",
    "Writer",
    "average_plus_for",
    "board_deals_preview",
    "board_deals_set",
    "board_results_save",
    "board_vulnerability_set",
    "butler_datum_for",
    "deal_analyses_compute",
    "deal_analyses_start",
    "deal_analyses_wait",
    "deals_random",
    "event_awards_set",
    "event_butler_datum_set",
    "event_confirm_results_set",
    "event_create",
    "event_finish",
    "event_lock",
    "event_names_update",
    "event_ranking_set",
    "event_reopen",
    "event_results_source_set",
    "event_results_touch",
    "event_round_clock_set",
    "event_running_totals_set",
    "hands_from_file",
    "hands_from_lin",
    "hands_from_pbn",
    "is_hands_text",
    "is_pbn_text",
    "movement_build",
    "pair_names_update",
    "play_result_confirm",
    "play_result_save",
    "round_agree",
    "round_agreed_message",
    "section_add",
    "section_populate",
    "table_token_create",
    "table_token_revoke",
    "table_traveller_open",
]
