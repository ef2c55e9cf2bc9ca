"""Kalamazoo's scoring engine: Auction Bridge (1913 and 1915 codes) with the special laws of Duplicate
Auction, duplicate whist, and contract bridge (Laws of Duplicate Bridge 2017, law 77). Pure Python: no
Django here (a test checks it)."""

from scoring.codes import ScoringCode, Strain, honour_value, parse_code, slam_values, strains_for, trick_value
from scoring.contract import Contract, Doubling, Seat, Side, parse_contract_or_pass
from scoring.deal import Deal
from scoring.deal_score import PENALTY_LAWS, DealScore, Election, Penalty, Revokes, WhistRevokes, score_deal
from scoring.errors import ScoringError
from scoring.honours import Honours
from scoring.law77 import Vulnerability, vulnerability_for_board
from scoring.request import parse_request

__all__ = [
    "PENALTY_LAWS",
    "Contract",
    "Deal",
    "DealScore",
    "Doubling",
    "Election",
    "Honours",
    "Penalty",
    "Revokes",
    "ScoringCode",
    "ScoringError",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
    "WhistRevokes",
    "honour_value",
    "parse_code",
    "parse_contract_or_pass",
    "parse_request",
    "score_deal",
    "slam_values",
    "strains_for",
    "trick_value",
    "vulnerability_for_board",
]
