"""What the flaky tests of this directory share: a candidate that tests
interesting only the first time it is seen."""
import hashlib
import os


def first_sighting(state, text):
    """Whether `text` is seen for the first time (recorded in the directory
    `state`)."""
    os.makedirs(state, exist_ok=True)
    seen = os.path.join(state, hashlib.sha256(text).hexdigest())
    if os.path.exists(seen):
        return False
    open(seen, "w").close()
    return True
