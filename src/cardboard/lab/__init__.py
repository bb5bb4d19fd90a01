"""The lab: balance campaigns for designers. A campaign is a TOML file (campaign.py); its games
are played on a backend (backends.py: local processes or a Ray cluster), appended to a SQLite
store as each ends (store.py), and summed up in a report of figures with 95% intervals
(report.py). Each game says what to measure of a finished game through its `features.py`."""
from .campaign import Campaign, load_campaign, parse_campaign
from .run import run_campaign
from .store import Store, export

__all__ = ["Campaign", "Store", "export", "load_campaign", "parse_campaign", "run_campaign"]
