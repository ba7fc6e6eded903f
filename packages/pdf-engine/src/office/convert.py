"""Drives a warm LibreOffice listener over UNO for as long as the listener lives (performance log §121).

Run by the engine with a scrubbed environment. It connects to the listener's pipe, then to the pool's
socket, and converts one document per request: a JSON line {"input", "output", "importFilter",
"exportFilter"} in, a JSON line {"code"} out, where the code says what happened:
0 done, 2 the document could not be loaded, 4 export failed.
It exits 3 when no listener answered in time, and 0 when the pool closes the socket.
"""
import argparse
import json
import socket
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

NEVER_EXECUTE = 0  # com.sun.star.document.MacroExecMode.NEVER_EXECUTE
NO_UPDATE = 0  # com.sun.star.document.UpdateDocMode.NO_UPDATE


def props(**values):
    out = []
    for name, value in values.items():
        p = PropertyValue()
        p.Name = name
        p.Value = value
        out.append(p)
    return tuple(out)


def connect(pipe, timeout):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + timeout
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except NoConnectException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def convert(desktop, request):
    load = dict(Hidden=True, ReadOnly=True, FilterName=request["importFilter"], MacroExecutionMode=NEVER_EXECUTE, UpdateDocMode=NO_UPDATE)
    if request["importFilter"] == "Text (encoded)":
        load["FilterOptions"] = "UTF8"
    try:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0, props(**load))
    except Exception as error:  # noqa: BLE001 - any load failure is the document's
        print("load failed: %s" % type(error).__name__, file=sys.stderr)
        return 2
    if doc is None:
        return 2
    try:
        doc.storeToURL(uno.systemPathToFileUrl(request["output"]), props(FilterName=request["exportFilter"]))
    except Exception as error:  # noqa: BLE001
        print("export failed: %s" % type(error).__name__, file=sys.stderr)
        return 4
    finally:
        doc.close(True)
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pipe", required=True)
    parser.add_argument("--socket", required=True)
    parser.add_argument("--connect-timeout", type=float, default=2.0)
    args = parser.parse_args()

    try:
        ctx = connect(args.pipe, args.connect_timeout)
    except NoConnectException:
        return 3
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)

    pool = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    pool.connect(args.socket)
    with pool.makefile("r", encoding="utf-8") as requests, pool.makefile("w", encoding="utf-8") as answers:
        for line in requests:
            answers.write(json.dumps({"code": convert(desktop, json.loads(line))}) + "\n")
            answers.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
