"""rootbotics: Root's Clockwork bots, played exactly as the Law of Robotics says."""

__version__ = "0.1.0"
