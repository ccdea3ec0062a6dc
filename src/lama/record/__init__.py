"""Game records: lama-record/1 (read, validate, replay, write) and lama-result/1."""

from .replay import RecordError, load_record, replay, replay_file, result_of
from .writer import RecordWriter

__all__ = ["RecordError", "RecordWriter", "load_record", "replay", "replay_file", "result_of"]
