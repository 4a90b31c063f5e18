"""Real signatures for the functions that still run the CLI's command: every option of the command is a named
keyword-only parameter (flags default False, the others None: the CLI's default, which the help text names), and
the docstring documents each one with the CLI's own help text. An unknown argument is Python's TypeError."""
import functools
import inspect
import keyword

from . import _core

_KW = inspect.Parameter.KEYWORD_ONLY

DATA_DOC = ("data : files, pandas.DataFrame, dict or Counts, optional\n"
            "    What --data reads (a file name or a list of them), a DataFrame, a dict {name: (labels, codes)} of\n"
            "    NumPy code arrays, or Counts.")
PROGRESS_DOC = ("progress : callable, optional\n"
                "    Called now and then during long work; returning False stops it (rr_explorer.Cancelled), as\n"
                "    Ctrl+C does (KeyboardInterrupt).")


def python_name(option):
    name = option.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name  # --for is for_


def command_options(words, skip=()):
    """The options of the command `words` (a list of names: ["basket", "mine"]) as (parameter, doc) pairs."""
    out = []
    for name, value_name, help_text, repeatable in _core.command_options(list(words)):
        py = python_name(name)
        if py in skip:
            continue
        default = False if not value_name else None
        kind = "bool" if not value_name else value_name + (" (a list: repeatable)" if repeatable else "")
        out.append((inspect.Parameter(py, _KW, default=default), f"{py} : {kind}\n    {help_text}"))
    return out


def with_options(words_list, base_doc, leading=(), leading_docs=(), extra_docs=(), skip=()):
    """A decorator: `fn(*args, **kwargs)` gets the signature `leading` + every option of the commands in
    `words_list` (the union, for basket's subcommands) + progress, and a numpy-style docstring."""
    def decorate(fn):
        seen = {p.name for p in leading} | {"data", "progress"} | set(skip)
        own, data_options = [], []
        data_names = {python_name(o[0]) for o in _core.command_options([])} if words_list != [[]] else set()
        for words in words_list:
            for param, doc in command_options(words, skip=seen):
                seen.add(param.name)
                (data_options if param.name in data_names else own).append((param, doc))
        params = list(leading) + [p for p, _ in own + data_options] + [inspect.Parameter("progress", _KW, default=None)]
        docs = list(leading_docs) + [d for _, d in own + data_options] + list(extra_docs) + [PROGRESS_DOC]
        signature = inspect.Signature(params)

        @functools.wraps(fn)
        def run(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)  # TypeError for an argument the command does not take
            return fn(**bound.arguments)

        run.__name__ = run.__qualname__ = fn.__name__.lstrip("_")
        run.__signature__ = signature
        run.__doc__ = base_doc + "\n\nParameters\n----------\n" + "\n".join(docs)
        del run.__wrapped__  # inspect.signature reads __signature__, not the forwarding function's own
        return run
    return decorate


def data_parameter():
    return inspect.Parameter("data", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None)
