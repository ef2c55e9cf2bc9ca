"""``build_results``' reading of the plays, column by column: the same results as ``_raw`` row by row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duplicate.standings import _auction_raws, _raw
from scoring.contests import ContestError

# (pk, board, ns, ew, entered, ruling, offending, net_ns, tricks_ns): _PLAY_FIELDS' first nine.
plays = st.lists(
    st.tuples(
        st.integers(1, 10**6),
        st.integers(1, 26),
        st.integers(1, 50),
        st.integers(51, 99),
        st.sampled_from([True, False, 1, 0]),
        st.sampled_from([None, "", "average", "low-high"]),
        st.sampled_from([None, "", "NS", "EW"]),
        st.integers(-3000, 3000),
        st.none(),
    ).map(lambda r: r[:7] + ((None,) if r[5] and r[0] % 2 else (r[7],)) + r[8:]),  # ruled: net often None
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(plays)
def test_the_entered_plays_read_in_columns_are_those_read_one_by_one(rows: list[tuple]) -> None:
    columns = list(zip(*rows, strict=True)) if rows else [()] * 9
    _pk, boards, nss, ews, entereds, rulings, offendings, nets, _tricks = columns
    got = _auction_raws(boards, nss, ews, entereds, rulings, offendings, nets)
    assert got == [raw for raw in (_raw(row, False) for row in rows) if raw is not None]


def test_a_play_entered_without_a_whole_number_net_is_refused_naming_the_field() -> None:
    rows = [(1, 1, 1, 51, True, "", None, 120, None), (2, 1, 2, 52, True, None, None, None, None)]
    _pk, boards, nss, ews, entereds, rulings, offendings, nets, _tricks = zip(*rows, strict=True)
    with pytest.raises(ContestError) as caught:
        _auction_raws(boards, nss, ews, entereds, rulings, offendings, nets)
    assert caught.value.field == "net"
