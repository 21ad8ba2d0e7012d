"""The Lord of the Hundreds (Marauder expansion; LoR 14): a human seat only."""
