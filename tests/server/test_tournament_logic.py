"""The pure rules of tournaments (spades.server.tournament): Swiss pairing, byes, standings and
tie-breaks, single elimination; each expected value derived by hand in the comments."""

from __future__ import annotations

from spades.server.tournament import (
    Game,
    Round,
    bye_margin,
    knockout_pairs,
    knockout_round,
    knockout_standings,
    knockout_table,
    knockout_winners,
    swiss_round,
    swiss_standings,
)


def test_swiss_first_round_groups_by_seed_with_balanced_partners() -> None:
    # 8 players in seed order 0..7: groups (0,1,2,3) and (4,5,6,7); split a+d v b+c:
    # seats N E S W = a, b, d, c -> 0 and 3 partners against 1 and 2
    r = swiss_round(list(range(8)), [])
    assert r.tables == ((0, 1, 3, 2), (4, 5, 7, 6)) and r.byes == ()


def test_swiss_avoids_repeat_partners() -> None:
    # round 1 had 0+3 and 1+2 together; the same group again must not pair 0 with 3 nor 1 with 2:
    # a+d (0+3) repeats twice, a+c (0+2, 1+3) repeats none -> seats 0, 1, 2, 3
    first = Round(((0, 1, 3, 2),), (), (Game((0, 1, 3, 2), (100, 50)),))
    r = swiss_round([0, 1, 2, 3], [first])
    assert r.tables == ((0, 1, 2, 3),)
    # and a third time, a+b (0+1, 2+3) is the only fresh split
    second = Round(((0, 1, 2, 3),), (), (Game((0, 1, 2, 3), (100, 50)),))
    assert swiss_round([0, 1, 2, 3], [first, second]).tables == ((0, 2, 1, 3),)


def test_swiss_byes_go_to_the_lowest_without_a_bye_yet() -> None:
    # 6 players: 6 % 4 = 2 byes, the two lowest (5 and 4); next round 5 and 4 have had one,
    # so the byes go to 3 and 2 (the lowest with none)
    r1 = swiss_round(list(range(6)), [])
    assert r1.byes == (4, 5) and r1.tables == ((0, 1, 3, 2),)
    done = Round(r1.tables, r1.byes, (Game(r1.tables[0], (60, 40)),))
    r2 = swiss_round(list(range(6)), [done])
    assert r2.byes == (2, 3) and sorted(r2.tables[0]) == [0, 1, 4, 5]


def test_bye_scores_a_win_of_the_rounds_average_margin() -> None:
    # margins 30 and 51: mean 40.5 -> rounds to 40 (round half to even); no games -> 0
    games = [Game((0, 1, 2, 3), (130, 100)), Game((4, 5, 6, 7), (10, 61))]
    assert bye_margin(games) == 40
    assert bye_margin([Game((0, 1, 2, 3), (50, 50))]) == 0
    assert bye_margin([]) == 0


def test_swiss_standings_and_tie_breaks() -> None:
    # round 1: table A 0+3 (N-S) beat 1+2 by 100; table B 4+7 lost to 5+6 by 20.
    # round 2: table A 0+2 v 1+3 tie 50-50; table B 4+6 beat 5+7 by 10.
    r1 = Round(
        ((0, 1, 3, 2), (4, 5, 7, 6)), (), (Game((0, 1, 3, 2), (200, 100)), Game((4, 5, 7, 6), (80, 100)))
    )
    r2 = Round(((0, 1, 2, 3), (4, 5, 6, 7)), (), (Game((0, 1, 2, 3), (50, 50)), Game((4, 5, 6, 7), (70, 60))))
    rows = swiss_standings(8, [r1, r2])
    by = {row["player"]: row for row in rows}
    # points: 0: 1 + .5 = 1.5; 3: 1 + .5; 1: 0 + .5; 2: 0 + .5; 4: 0 + 1; 6: 1 + 1 = 2;
    # 5: 1 + 0; 7: 0 + 0
    assert [by[p]["points"] for p in range(8)] == [1.5, 0.5, 0.5, 1.5, 1.0, 1.0, 2.0, 0.0]
    # margins: 0 and 3 +100 + 0; 1 and 2 -100; 4: -20 + 10 = -10; 5: +20 - 10 = 10; 6: +20 + 10; 7: -30
    assert [by[p]["margin"] for p in range(8)] == [100, -100, -100, 100, -10, 10, 30, -30]
    # Buchholz of 0: opponents 1, 2 (round 1: .5 + .5) and 1, 3 (round 2: .5 + 1.5) = 3.0;
    # of 3: 1, 2 (1.0) and 0, 2 (1.5 + .5) = 3.0 -> 0 and 3 tie on everything: seed, 0 first
    assert by[0]["buchholz"] == 3.0 and by[3]["buchholz"] == 3.0
    # 5 and 4 both 1 point; margin 10 beats -10; 1 and 2 tie on points and margin; Buchholz of
    # 1: (0, 3) 3.0 + (0, 2) 2.0 = 5.0; of 2: (0, 3) 3.0 + (1, 3) 2.0 = 5.0 -> seed: 1 first
    assert [row["player"] for row in rows] == [6, 0, 3, 5, 4, 1, 2, 7]
    assert [row["rank"] for row in rows] == list(range(1, 9))
    assert by[6]["wins"] == 2 and by[0]["ties"] == 1 and by[7]["losses"] == 2


def test_unfinished_round_does_not_count_and_byes_score() -> None:
    r1 = Round(((0, 1, 3, 2),), (4, 5), (Game((0, 1, 3, 2), (90, 40)),))
    r2 = Round(((0, 1, 2, 3),), (4, 5), (None,))
    rows = {row["player"]: row for row in swiss_standings(6, [r1, r2])}
    # the bye: a win of the round's one margin (50)
    assert rows[4]["points"] == 1.0 and rows[4]["margin"] == 50 and rows[4]["byes"] == 1
    assert rows[0]["points"] == 1.0 and rows[0]["games"] == 1


def test_knockout_pairs_bracket_and_places() -> None:
    # 9 players seeded 0..8: pairs (0,7), (1,6), (2,5), (3,4); 8 sits out
    pairs, out = knockout_pairs(list(range(9)))
    assert pairs == [(0, 7), (1, 6), (2, 5), (3, 4)] and out == [8]
    # 3 pairs alive: bracket of 4, the top seed has the bye, 1 plays 2
    assert knockout_round([0, 1, 2], pairs) == ([(1, 2)], [0])
    # 4 pairs: 0 v 3, 1 v 2; the better pair sits North-South
    matches, byes = knockout_round([0, 1, 2, 3], pairs)
    assert matches == [(0, 3), (1, 2)] and byes == []
    assert knockout_table((0, 3), pairs) == (0, 3, 7, 4)
    semis = [Game((0, 3, 7, 4), (100, 150)), Game((1, 2, 6, 5), (70, 70))]  # 3 wins; tie -> seed 1
    assert knockout_winners(matches, semis) == [3, 1]
    final = ([(1, 3)], [Game((1, 3, 6, 4), (210, 200))])
    rows = knockout_standings(pairs, [(matches, semis), final])
    # winner pair 1, finalist 3, then 0 (lost by 50) and 2 (lost a tie, margin 0) share third:
    # listed by margin, 2 (0) before 0 (-50)
    assert [(r["pair"], r["rank"]) for r in rows] == [(1, 1), (3, 2), (2, 3), (0, 3)]
    assert rows[0]["players"] == [1, 6]
