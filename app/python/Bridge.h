#pragma once
// What the module's two sides share: C++ errors as Python exceptions, the Counts a caller holds, Ctrl+C and the
// progress callback as core's stop.
#include "app/cli/Commands.h"
#include "app/cli/SessionOptions.h"
#include "core/api/Distortions.h"
#include "core/datasource/DataSource.h"
#include "core/data/Errors.h"
#include "core/data/Table.h"
#include "core/data/TerminalText.h"

#include <pybind11/pybind11.h>

#include <chrono>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace rr::python {

namespace py = pybind11;

// A command's error as the Python exception for it, with the CLI's message: bad input ValueError, a failed
// read or write OSError, no memory MemoryError (with the figure), the work stopped KeyboardInterrupt (when a
// signal stopped it) or the caller's cancel (rr_explorer.Cancelled, a RuntimeError); anything else
// RuntimeError("internal failure: ...") as the CLI words it. Never lets a C++ exception reach Python. Control
// characters of the message (from input files) are escaped, \x1b, as the CLI prints them.
template <typename F>
auto translated(const std::string& what, F&& f) -> decltype(f())
{
    try {
        return f();
    } catch (py::error_already_set&) {
        throw;
    } catch (const rr::InputError& e) {
        throw py::value_error(rr::escapeControls(e.what()));
    } catch (const rr::IoError& e) {
        PyErr_SetString(PyExc_OSError, rr::escapeControls(e.what()).c_str());
        throw py::error_already_set();
    } catch (const rr::Cancelled&) {
        throw;
    } catch (const std::bad_alloc&) {
        PyErr_SetString(PyExc_MemoryError, rr::cli::outOfMemoryMessage(what).c_str());
        throw py::error_already_set();
    } catch (const std::exception& e) {
        throw std::runtime_error("internal failure: " + rr::escapeControls(e.what()));
    } catch (...) {
        throw std::runtime_error("internal failure (unknown exception)");
    }
}

// The weighted table of distinct cells a Counts object holds.
struct Counts {
    std::shared_ptr<const rr::Table> table;
};

// A progress callback (fraction, or -1 when unknown) and Ctrl+C: called with the GIL reacquired between pieces
// of work; a pending signal (KeyboardInterrupt) or a callback returning False stops the work.
struct Interruption {
    py::object progress;
    bool signalled = false;

    bool keepRunning(double fraction)
    {
        if (signalled) // sticky: the signal is consumed once, and a layer that swallowed the stop asks again
            return false;
        py::gil_scoped_acquire gil;
        if (PyErr_CheckSignals() != 0) {
            signalled = true;
            return false;
        }
        if (!progress.is_none()) {
            py::object r = progress(fraction);
            if (!r.is_none() && !r.cast<bool>())
                return false;
        }
        return true;
    }
};

// After work that ran with `interruption`, the GIL held again: a KeyboardInterrupt set while it ran (a check
// that saw the signal while the work went on to return) is raised, never left pending under a returned value
// (Python's SystemError "returned a result with an exception set").
inline void raisePending(const Interruption& interruption)
{
    if (interruption.signalled || PyErr_Occurred())
        throw py::error_already_set();
}

// A data source the caller built (files, a database, counts or a data frame), for a typed call's request.
struct Source {
    std::shared_ptr<const DataSource> source;
};

// The module's parts, each binding its own.
void bindSources(py::module_& m);
void bindRisk(py::module_& m);
void bindOptimize(py::module_& m);
void bindDescribe(py::module_& m);
void bindReconstruct(py::module_& m);
void bindReidentification(py::module_& m);
void bindMeasures(py::module_& m);
void bindChiSquareTests(py::module_& m);
void bindRules(py::module_& m);
void bindRegress(py::module_& m);
void bindReleases(py::module_& m);

// {attribute: p}, None for an attribute given by a matrix.
inline py::dict retentionsOf(const api::Distortions& d)
{
    py::dict out;
    for (std::size_t k = 0; k < d.names.size(); ++k)
        out[py::str(d.names[k])] = d.specs[k].kind == DistortionKind::Warner ? py::object(py::float_(d.specs[k].p))
                                                                              : py::object(py::none());
    return out;
}

// A request's session path: `args` read as the CLI's options of `command` (a session file fills what they leave
// out), into its request by `read` (the CLI's own xxxRequestFrom).
template <typename Read>
auto requestFromArgs(const cli::Command& command, const std::vector<std::string>& args, Read read)
{
    return translated(command.name, [&] {
        return read(cli::Options::parse(command.name, cli::expandSession(args, command.options), command.options));
    });
}

// `interruption` as core's progress, asking Python at most every 50 ms (the risk kernels ask far more often).
inline ProgressFunction progressOf(Interruption& interruption)
{
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    return [&interruption, last](double fraction) {
        const auto now = std::chrono::steady_clock::now();
        if (now - *last < std::chrono::milliseconds(50))
            return true;
        *last = now;
        return interruption.keepRunning(fraction);
    };
}

// Runs `f` (with the GIL released) as `what`, stopped by Ctrl+C or the caller's progress: KeyboardInterrupt
// for a signal, rr_explorer.Cancelled for the callback, the other errors as translated() words them.
template <typename F>
auto interruptible(const std::string& what, py::object progress, F&& f) -> decltype(f(ProgressFunction{}))
{
    Interruption interruption{std::move(progress)};
    try {
        auto result = translated(what, [&] {
            py::gil_scoped_release release;
            return f(progressOf(interruption));
        });
        raisePending(interruption);
        return result;
    } catch (const Cancelled&) {
        if (interruption.signalled) // KeyboardInterrupt is pending
            throw py::error_already_set();
        throw Cancelled("'" + what + "' was cancelled");
    }
}

} // namespace rr::python
