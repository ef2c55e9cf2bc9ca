"""``duplicate.statements``: a query's SQL made once gives what the queryset gives (rows and their types,
model instances with their related objects and annotations), and the hot queries really are made once."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.models import Count, Q
from django.db.transaction import TransactionManagementError

from duplicate import services, standings, statements
from duplicate.models import Play, Seating
from duplicate.selectors import entry as sel
from tests.conftest import make_event
from tests.duplicate.test_standings_queries import fill


def made(name, instances):
    """The statement made for ``name`` on this database (None: run as a queryset); KeyError if never asked."""
    found = [
        v for k, v in statements._made.items() if (k[0], k[2], k[3]) == (name, connection.vendor, instances)
    ]
    if not found:
        raise KeyError(name)
    assert len(found) == 1
    return found[0]


def typed(rows):
    return [[(v, type(v)) for v in row] for row in rows]


def same_instances(got, want, related=(), annotations=()):
    assert [type(o) for o in got] == [type(o) for o in want]
    for a, b in zip(got, want, strict=True):
        assert a.pk == b.pk and a.__dict__.keys() >= {f.attname for f in type(b)._meta.concrete_fields}
        for f in type(b)._meta.concrete_fields:
            assert (getattr(a, f.attname), type(getattr(a, f.attname))) == (
                getattr(b, f.attname),
                type(getattr(b, f.attname)),
            ), f.attname
        for path in related:  # select_related objects come with the row: no query to read them
            x, y = a, b
            for name in path.split("__"):
                assert type(x)._meta.get_field(name).is_cached(x), path
                x, y = getattr(x, name), getattr(y, name)
            assert (x.pk if x is not None else None) == (y.pk if y is not None else None), path
        for name in annotations:
            assert getattr(a, name) == getattr(b, name), name


@pytest.mark.django_db
def test_rows_are_the_querysets_with_their_types_for_any_arguments():
    event = make_event(tables=3)
    fill(event)

    def make(event_id, board_id):
        return (
            Play.objects.filter(event_id=event_id, board_id=board_id)
            .order_by("pk")
            .values_list("pk", "entered", "contract", "seating__round__agreed_at", "items")
        )

    for board in event.boards.order_by("number"):
        want = list(make(event.pk, board.pk))
        assert want and typed(statements.rows("test rows", make, [event.pk, board.pk])) == typed(want)
    assert made("test rows", False) is not None  # made once, reused
    assert statements.rows("test rows", make, [event.pk, -5]) == []


@pytest.mark.django_db
def test_instances_are_the_querysets_with_related_objects_and_annotations(django_assert_num_queries):
    event = make_event(tables=3)
    fill(event)
    section = event.sections.get()

    def make(section_id, table):
        return (
            Seating.objects.filter(round__section_id=section_id, table=table)
            .annotate(n_entered=Count("plays", filter=Q(plays__entered=True)))
            .select_related("round__agreed_by", "ns__player1", "ew")
            .order_by("round__number")
        )

    for table in (1, 2, 3):
        want = list(make(section.pk, table))
        with django_assert_num_queries(1):
            got = statements.instances("test seatings", make, [section.pk, table])
            same_instances(
                got,
                want,
                related=("round", "round__agreed_by", "ns__player1", "ew"),
                annotations=("n_entered",),
            )
    token = services.table_token_create(section=section, table=2)
    assert sel.active_token(token.secret) == token and sel.active_token(token.secret).section.event == event
    assert sel.active_token("no such secret") is None
    services.table_token_revoke(token=token)
    assert sel.active_token(token.secret) is None


@pytest.mark.django_db
def test_the_hot_queries_are_made_once_and_read_what_the_orm_reads():
    """A table link's write reads its token, its open seating, its boards and the play it locks: each a
    statement made once (not a fallback to the queryset), each equal to its queryset."""
    event = make_event(tables=3)
    fill(event)
    section = event.sections.get()
    token = services.table_token_create(section=section, table=1)
    assert sel.active_token(token.secret).pk == token.pk
    for names in (True, False):
        seating = sel.current_seating(section, 1, names=names)
        want = list(sel._open_seatings(section.pk, 1, names=names))
        assert seating is not None and seating.pk == want[-1].pk  # every board in: the last round open
        same_instances([seating], [want[-1]], annotations=("n_total", "n_entered"))
    plays = sel.seating_plays(seating, history=False)
    same_instances(plays, list(sel._seating_plays(seating.pk)), related=("board",))
    play = plays[0]
    with transaction.atomic():
        services.play_result_save(
            play=play,
            data={"contract": "2S", "declarer": "N", "tricks": 8},
            writer=services.Writer(name="td", is_director=True),
            expected_version=play.version,
        )
    board = play.board
    standings._board_line_rows(event, board)
    standings.event_results(event)
    standings._play_line_row(play.pk)
    for name, instances in (
        ("active token", True),
        ("open seatings True", True),
        ("open seatings False", True),
        ("seating plays", True),
        ("play for update", True),
        ("board lines", False),
        ("play line", False),
        ("event plays", False),  # (its argument twice: the plays' event, the version's subquery)
    ):
        assert made(name, instances) is not None, name


@pytest.mark.django_db
def test_a_query_holding_its_argument_otherwise_is_run_as_a_queryset():
    event = make_event(tables=3)
    fill(event)

    def make(n):  # the argument is a slice: inlined into the SQL, not a parameter
        return Play.objects.filter(event=event).order_by("pk").values_list("pk", flat=True)[:n]

    assert statements.rows("test sliced", make, [2]) == list(make(2))
    assert statements.rows("test sliced", make, [3]) == list(make(3))
    assert made("test sliced", False) is None


def test_arguments_must_be_whole_numbers_or_text():
    for bad in (True, None, 1.5):
        with pytest.raises(TypeError, match="takes whole numbers and text"):
            statements._probe(bad, 0)
    # Stand-ins differ per argument, and a number fits every integer column (a small positive one too).
    probes = [statements._probe(v, i) for i, v in enumerate([7, 8, "x", "y"])]
    assert len(set(probes)) == 4 and all(0 < p <= 32767 for p in probes[:2])


@pytest.mark.django_db
def test_what_is_not_mapped_here_is_run_as_the_queryset(django_assert_num_queries):
    """Flat or named values, prefetching: run as the queryset they are (the same results), never half
    mapped; and two queries given one name stay two statements."""
    event = make_event(tables=3)
    fill(event)
    section = event.sections.get()
    flat = statements.rows(
        "test flat",
        lambda section_id: (
            Play.objects.filter(seating__round__section_id=section_id)
            .order_by("pk")
            .values_list("pk", flat=True)
        ),
        [section.pk],
    )
    assert flat == list(Play.objects.filter(event=event).order_by("pk").values_list("pk", flat=True))
    assert made("test flat", False) is None
    with django_assert_num_queries(2):  # the seatings, then their plays prefetched
        seatings = statements.instances(
            "test prefetch",
            lambda section_id: (
                Seating.objects.filter(round__section_id=section_id).prefetch_related("plays").order_by("pk")
            ),
            [section.pk],
        )
        assert all(len(s.plays.all()) == 2 for s in seatings)
    assert made("test prefetch", True) is None
    play = Play.objects.filter(event=event).order_by("pk").first()
    first = statements.rows(
        "test one name", lambda pk: Play.objects.filter(pk=pk).values_list("pk"), [play.pk]
    )
    second = statements.rows(
        "test one name", lambda pk: Play.objects.filter(pk=pk).values_list("version"), [play.pk]
    )
    assert first == [(play.pk,)] and second == [(play.version,)]


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_as_the_queryset_refuses_it():
    event = make_event(tables=3)
    play = Play.objects.filter(event=event).order_by("pk").first()

    def make(pk):
        return Play.objects.select_for_update().filter(pk=pk).order_by()

    with transaction.atomic():
        assert [p.pk for p in statements.instances("test lock", make, [play.pk])] == [play.pk]
    if (
        connection.features.has_select_for_update
    ):  # PostgreSQL: refused outside a transaction, as the ORM does
        with pytest.raises(TransactionManagementError):
            list(make(play.pk))
        with pytest.raises(TransactionManagementError):
            statements.instances("test lock", make, [play.pk])
    else:  # SQLite locks the whole database instead: no FOR UPDATE, nothing refused
        assert [p.pk for p in statements.instances("test lock", make, [play.pk])] == [
            p.pk for p in make(play.pk)
        ]
