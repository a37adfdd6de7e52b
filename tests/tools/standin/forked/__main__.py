import os
import sys
import time

print(os.getpid(), os.getcwd(), os.environ.get("FORKED_WORD", "-"), *sys.argv[1:], flush=True)
if "FORKED_ERR" in os.environ:
    print(os.environ["FORKED_ERR"], file=sys.stderr, flush=True)
if sys.argv[1] == "sleep":
    time.sleep(60)
sys.exit(int(sys.argv[1]))
