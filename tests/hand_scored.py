"""Results whose auction-1915 deal scores are worked out by hand (no hands, so no honours), shared by the
standings and team-match tests.

    4H by N, 10 tricks: 4 x 8 = 32 in tricks (law 3), + premium 125 (law A)  -> N-S +157
    4H by N, 9 tricks:  one down, 50 to E-W (law 48a)                        -> N-S -50
    4H by E, 9 tricks:  one down, 50 to N-S                                  -> N-S +50
    1NT by N, 7 tricks: 10                                                   -> N-S +10
    2S by N, 8 tricks:  2 x 9 = 18                                           -> N-S +18
    1C by E, 8 tricks:  2 x 6 = 12 to E-W                                    -> N-S -12
    2D by S, 8 tricks:  2 x 7 = 14                                           -> N-S +14
"""

C4H_MADE = {"contract": "4H", "declarer": "N", "tricks": 10}  # +157
C4H_DOWN = {"contract": "4H", "declarer": "N", "tricks": 9}  # -50
C4H_E_DOWN = {"contract": "4H", "declarer": "E", "tricks": 9}  # +50
C1NT = {"contract": "1NT", "declarer": "N", "tricks": 7}  # +10
C2S = {"contract": "2S", "declarer": "N", "tricks": 8}  # +18
C1C_E = {"contract": "1C", "declarer": "E", "tricks": 8}  # -12
C2D = {"contract": "2D", "declarer": "S", "tricks": 8}  # +14
