"""Drives a warm LibreOffice listener over UNO: one document in, one PDF out.

Run by the engine with a scrubbed environment and a timeout; exit codes say what failed:
0 done, 2 the document could not be loaded, 3 no listener answered, 4 export failed.
"""
import argparse
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pipe", required=True)
    parser.add_argument("--connect-timeout", type=float, default=2.0)
    parser.add_argument("--ping", action="store_true")
    parser.add_argument("--input")
    parser.add_argument("--output")
    parser.add_argument("--import-filter")
    parser.add_argument("--export-filter")
    args = parser.parse_args()

    try:
        ctx = connect(args.pipe, args.connect_timeout)
    except NoConnectException:
        return 3
    if args.ping:
        return 0

    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    load = dict(Hidden=True, ReadOnly=True, FilterName=args.import_filter, MacroExecutionMode=NEVER_EXECUTE, UpdateDocMode=NO_UPDATE)
    if args.import_filter == "Text (encoded)":
        load["FilterOptions"] = "UTF8"
    try:
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(args.input), "_blank", 0, props(**load))
    except Exception as error:  # noqa: BLE001 - any load failure is the document's
        print("load failed: %s" % type(error).__name__, file=sys.stderr)
        return 2
    if doc is None:
        return 2
    try:
        doc.storeToURL(uno.systemPathToFileUrl(args.output), props(FilterName=args.export_filter))
    except Exception as error:  # noqa: BLE001
        print("export failed: %s" % type(error).__name__, file=sys.stderr)
        return 4
    finally:
        doc.close(True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
