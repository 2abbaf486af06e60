"""Writes real tag frames into an audio file for the tests (tests/helpers/tagged-audio.ts).

Reads one JSON spec on stdin: {"path": ..., "format": ..., "tags": ...}. The TypeScript side
decides which frames a track gets; this script only writes them as given, with mutagen, so the
files carry what real taggers (Picard, foobar2000, iTunes) write and ffmpeg's -metadata cannot:
null-separated ID3v2.4 values, SYLT, repeated Vorbis comments, MP4 freeform atoms.

Formats and their "tags":
  id3        {"version": 3 | 4, "frames": [{"id": "TPE1", "text": [...]},
              {"id": "TXXX", "desc": ..., "text": [...]}, {"id": "USLT", "lang", "desc", "text"},
              {"id": "SYLT", "lang", "desc", "format": 1 | 2, "type": 1, "entries": [[text, time]]}]}
  flac, ogg-vorbis, ogg-opus, ogg-flac
             {"comments": [[key, value], ...]}   (repeated keys stay separate comments)
  mp4        {"atoms": {"aART": [...], "disk": [[1, 2]], "cpil": true, "----:com.apple.iTunes:X": [...]}}
"""

import json
import sys

from mutagen import id3
from mutagen.flac import FLAC
from mutagen.mp4 import MP4, MP4FreeForm
from mutagen.oggflac import OggFLAC
from mutagen.oggopus import OggOpus
from mutagen.oggvorbis import OggVorbis

VORBIS_FILES = {"flac": FLAC, "ogg-vorbis": OggVorbis, "ogg-opus": OggOpus, "ogg-flac": OggFLAC}


def id3_frame(spec):
    kind = spec["id"]
    if kind == "TXXX":
        return id3.TXXX(encoding=3, desc=spec["desc"], text=spec["text"])
    if kind == "USLT":
        return id3.USLT(encoding=3, lang=spec.get("lang", "eng"), desc=spec.get("desc", ""),
                        text=spec["text"])
    if kind == "SYLT":
        entries = [(text, time) for text, time in spec["entries"]]
        return id3.SYLT(encoding=3, lang=spec.get("lang", "eng"), desc=spec.get("desc", ""),
                        format=spec.get("format", 2), type=spec.get("type", 1), text=entries)
    # Every other frame used here is a text frame: several values become null-separated
    # (v2.4) or "/"-joined by mutagen on a v2.3 save.
    return getattr(id3, kind)(encoding=3, text=spec["text"])


def write_id3(path, tags):
    # A fresh tag: whatever the encoder wrote (TSSE) is replaced, not merged.
    tag = id3.ID3()
    for spec in tags["frames"]:
        tag.add(id3_frame(spec))
    tag.save(path, v2_version=tags.get("version", 4))


def write_vorbis(path, kind, tags):
    audio = VORBIS_FILES[kind](path)
    if audio.tags is None:
        audio.add_tags()
    audio.tags.clear()
    for key, value in tags["comments"]:
        audio.tags.append((key, value))
    audio.save()


def mp4_value(key, values):
    if key in ("disk", "trkn"):
        return [tuple(pair) for pair in values]
    if key == "cpil":
        return bool(values)
    if key.startswith("----:"):
        return [MP4FreeForm(v.encode("utf-8")) for v in values]
    return values


def write_mp4(path, tags):
    audio = MP4(path)
    if audio.tags is None:
        audio.add_tags()
    audio.tags.clear()
    for key, values in tags["atoms"].items():
        audio.tags[key] = mp4_value(key, values)
    audio.save()


def main():
    spec = json.load(sys.stdin)
    path, kind, tags = spec["path"], spec["format"], spec["tags"]
    if kind == "id3":
        write_id3(path, tags)
    elif kind in VORBIS_FILES:
        write_vorbis(path, kind, tags)
    elif kind == "mp4":
        write_mp4(path, tags)
    else:
        raise SystemExit(f"unknown format {kind}")


main()
