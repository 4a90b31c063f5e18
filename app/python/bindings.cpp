// rr_explorer._core: the Python module's C++ side. It adds no computation of its own: risk is core/api's typed
// call (RiskBindings.cpp), the other commands are the CLI's (app/cli, the same Command::run), counting is core's
// (CodeCounts, SourceCounts), and the tables a Python caller holds (counts, data frames as codes) reach the
// commands as in-memory sources.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Options.h"
#include "app/cli/SqlOptions.h"
#include "core/datasource/DataSource.h"
#include "core/datasource/SourceCounts.h"
#include "core/contingency/CodeCounts.h"
#include "core/contingency/CsvAggregate.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/TerminalText.h"

#include "app/python/Bridge.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <vector>

namespace py = pybind11;
using rr::python::Counts;
using rr::python::Interruption;
using rr::python::raisePending;
using rr::python::translated;

namespace {

// Codes as int32 (a copy only when the array is of another integer type).
using Codes = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;

// The arrays as core's code columns (and their common length); InputError for arrays of other shapes.
std::vector<rr::CodeColumn> codeColumns(const std::vector<std::string>& names,
                                        const std::vector<std::vector<std::string>>& labels,
                                        const std::vector<Codes>& codes, std::size_t& rows)
{
    if (names.size() != labels.size() || names.size() != codes.size())
        throw rr::InputError("give as many label lists and code arrays as column names");
    rows = codes.empty() ? 0 : static_cast<std::size_t>(codes.front().size());
    std::vector<rr::CodeColumn> columns(names.size());
    for (std::size_t j = 0; j < names.size(); ++j) {
        if (codes[j].ndim() != 1 || static_cast<std::size_t>(codes[j].size()) != rows)
            throw rr::InputError("the code arrays must be one-dimensional and of one length (column '" + names[j] +
                                 "')");
        columns[j] = {names[j], labels[j], codes[j].data()};
    }
    return columns;
}

py::array_t<std::int32_t> cellCodes(const rr::Table& t)
{
    const std::size_t rows = t.rowCount(), k = t.attributes.size();
    py::array_t<std::int32_t> out({rows, k});
    auto m = out.mutable_unchecked<2>();
    for (std::size_t j = 0; j < k; ++j)
        for (std::size_t r = 0; r < rows; ++r)
            m(r, j) = t.attributes[j].codes[r];
    return out;
}

py::array_t<double> cellCounts(const rr::Table& t)
{
    py::array_t<double> out(t.rowCount());
    auto m = out.mutable_unchecked<1>();
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        m(r) = t.weight(r);
    return out;
}

Counts countsFromState(const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& labels,
                       py::array_t<std::int32_t, py::array::c_style | py::array::forcecast> cells,
                       py::array_t<double, py::array::c_style | py::array::forcecast> counts)
{
    if (cells.ndim() != 2 || static_cast<std::size_t>(cells.shape(1)) != names.size() ||
        names.size() != labels.size() || counts.ndim() != 1 || counts.shape(0) != cells.shape(0))
        throw rr::InputError("counts: cells must be a (cells x columns) array with one count per cell");
    auto t = std::make_shared<rr::Table>();
    const auto c = cells.unchecked<2>();
    const auto n = counts.unchecked<1>();
    for (std::size_t j = 0; j < names.size(); ++j) {
        rr::Attribute a{names[j], labels[j], {}};
        for (py::ssize_t r = 0; r < cells.shape(0); ++r) {
            const std::int32_t code = c(r, j);
            if (code < -1 || code >= a.domainSize())
                throw rr::InputError("counts: code " + std::to_string(code) + " of column '" + names[j] +
                                     "' is neither a category nor -1 (missing)");
            a.codes.push_back(code);
        }
        t->attributes.push_back(std::move(a));
    }
    for (py::ssize_t r = 0; r < counts.shape(0); ++r)
        t->weights.push_back(n(r));
    return Counts{t};
}

std::vector<std::vector<std::string>> labelsOf(const rr::Table& t)
{
    std::vector<std::vector<std::string>> out;
    for (const auto& a : t.attributes)
        out.push_back(a.categories);
    return out;
}

std::vector<std::string> namesOf(const rr::Table& t)
{
    std::vector<std::string> out;
    for (const auto& a : t.attributes)
        out.push_back(a.name);
    return out;
}

// While alive, the commands run on this thread ask `interruption` every 50 ms at most whether to go on.
class KeepRunningScope {
public:
    explicit KeepRunningScope(Interruption& interruption)
    {
        auto last = std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::now());
        rr::cli::setKeepRunning([&interruption, last] {
            const auto now = std::chrono::steady_clock::now();
            if (now - *last < std::chrono::milliseconds(50))
                return true;
            *last = now;
            return interruption.keepRunning(-1);
        });
    }
    ~KeepRunningScope() { rr::cli::setKeepRunning({}); }
    KeepRunningScope(const KeepRunningScope&) = delete;
    KeepRunningScope& operator=(const KeepRunningScope&) = delete;
};

std::string runCommand(const std::vector<std::string>& args, py::object progress)
{
    const std::vector<rr::cli::Command> commands = rr::cli::allCommands();
    std::vector<std::string> rest;
    rr::cli::Command command = translated("command", [&] { return rr::cli::resolveCommand(commands, args, rest); });
    if (!command.subcommands.empty())
        throw py::value_error("'" + command.name + "' needs a subcommand");
    std::ostringstream out;
    Interruption interruption{std::move(progress)};
    try {
        translated(command.name, [&] {
            KeepRunningScope scope(interruption);
            py::gil_scoped_release release;
            rr::cli::runResolved(command, rest, out);
            return 0;
        });
    } catch (const rr::Cancelled&) {
        if (interruption.signalled) // KeyboardInterrupt is pending
            throw py::error_already_set();
        throw rr::Cancelled("'" + command.name + "' was cancelled");
    }
    raisePending(interruption);
    return out.str();
}

std::atomic<unsigned long long> nextSourceId{0};

// Registers a table as an in-memory source; the name is what --data then gives.
std::string registerTable(rr::Table table, const std::string& description)
{
    const std::string name = "rr-explorer-python:source:" + std::to_string(++nextSourceId);
    rr::cli::registerMemorySource(name, std::make_shared<rr::TableSource>(std::move(table), description));
    return name;
}

// count_source: the records of a source given as the CLI's options, counted over `names`.
Counts countFromSource(const std::vector<std::string>& sourceArgs, const std::vector<std::string>& names,
                       py::object progress)
{
    return translated("count", [&] {
        std::vector<rr::cli::OptionSpec> specs = rr::cli::dataOptions();
        for (auto& o : rr::cli::sqlOptions())
            specs.push_back(o);
        const rr::cli::Options options = rr::cli::Options::parse("count", sourceArgs, specs);
        Interruption interruption{std::move(progress)};
        Counts counts;
        try {
            py::gil_scoped_release release;
            const auto source = rr::cli::openSource(options);
            counts.table = std::make_shared<rr::Table>(rr::countSource(
                *source, names, [&](double f) { return interruption.keepRunning(f); }));
        } catch (const rr::Cancelled&) {
            if (interruption.signalled)
                throw py::error_already_set();
            throw;
        }
        raisePending(interruption);
        return counts;
    });
}

// The Counts class (its views, sum and pickling) and counts_from_state.
void bindCounts(py::module_& m)
{
    py::class_<Counts>(m, "Counts")
        .def_property_readonly("names", [](const Counts& c) { return namesOf(*c.table); })
        .def_property_readonly("labels", [](const Counts& c) { return labelsOf(*c.table); })
        .def_property_readonly("cells", [](const Counts& c) { return cellCodes(*c.table); })
        .def_property_readonly("counts", [](const Counts& c) { return cellCounts(*c.table); })
        .def_property_readonly("total", [](const Counts& c) { return c.table->totalWeight(); })
        .def("__add__",
             [](const Counts& a, const Counts& b) {
                 return translated("add", [&] {
                     py::gil_scoped_release release;
                     return Counts{std::make_shared<rr::Table>(rr::addCounts(*a.table, *b.table))};
                 });
             })
        .def("_register",
             [](const Counts& c) { return registerTable(*c.table, "counts in memory"); })
        .def(py::pickle(
            [](const Counts& c) {
                return py::make_tuple(namesOf(*c.table), labelsOf(*c.table), cellCodes(*c.table),
                                      cellCounts(*c.table));
            },
            [](const py::tuple& s) {
                return translated("counts", [&] {
                    return countsFromState(s[0].cast<std::vector<std::string>>(),
                                           s[1].cast<std::vector<std::vector<std::string>>>(),
                                           s[2].cast<py::array>(), s[3].cast<py::array>());
                });
            }));

    m.def(
        "counts_from_state",
        [](const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& labels,
           py::array cells, py::array counts) {
            return translated("counts", [&] { return countsFromState(names, labels, cells, counts); });
        },
        py::arg("names"), py::arg("labels"), py::arg("cells"), py::arg("counts"));
}

// The ways to count: codes, a source, a byte range of a CSV file.
void bindCounting(py::module_& m)
{
    m.def(
        "count_codes",
        [](const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& labels,
           const std::vector<Codes>& codes) {
            return translated("count", [&] {
                std::size_t rows = 0;
                const std::vector<rr::CodeColumn> columns = codeColumns(names, labels, codes, rows);
                py::gil_scoped_release release;
                return Counts{std::make_shared<rr::Table>(rr::countCodes(columns, rows))};
            });
        },
        py::arg("names"), py::arg("labels"), py::arg("codes"),
        "Counts records given as integer codes per column (-1 missing).");

    m.def("count_source", &countFromSource, py::arg("source_args"), py::arg("names"),
          py::arg("progress") = py::none(),
          "Counts the records of a source (the CLI's --data/--sql-url options) over `names`.");

    m.def(
        "count_csv_range",
        [](const std::string& path, const std::vector<std::string>& names, std::uint64_t begin, std::uint64_t end,
           bool quotedBefore, const std::vector<std::string>& missing) {
            return translated("count", [&] {
                rr::checkInputFile(path, "the CSV file");
                rr::CsvOptions csv;
                csv.missingTokens = missing;
                csv.range = rr::CsvOptions::ByteRange{begin, end, quotedBefore};
                rr::CsvAggregateRequest request;
                request.attributes = names;
                request.cells = true;
                py::gil_scoped_release release;
                return Counts{std::make_shared<rr::Table>(rr::aggregateCsv({path}, csv, request).cells)};
            });
        },
        py::arg("path"), py::arg("names"), py::arg("begin"), py::arg("end"), py::arg("quoted_before"),
        py::arg("missing"),
        "Counts the records of a CSV file that start in bytes [begin, end) over `names` (quoted_before: an odd "
        "number of '\"' before `begin`); the counts of a partition of the file add up to the whole file's.");
}

} // namespace

PYBIND11_MODULE(_core, m)
{
    m.doc() = "RR Explorer's core for Python (see the rr_explorer package)";

    py::register_exception<rr::Cancelled>(m, "Cancelled", PyExc_RuntimeError);

    m.def("run", &runCommand, py::arg("args"), py::arg("progress") = py::none(),
          "Runs the CLI command `args` (as rr-explorer-cli takes them) and returns its JSON text. Long searches "
          "(optimize) call `progress(-1)` now and then and stop when it returns False (Cancelled) or on Ctrl+C "
          "(KeyboardInterrupt).");

    bindCounts(m);
    bindCounting(m);
    rr::python::bindSources(m);
    rr::python::bindRisk(m);
    rr::python::bindOptimize(m);
    rr::python::bindDescribe(m);
    rr::python::bindReconstruct(m);
    rr::python::bindReidentification(m);
    rr::python::bindMeasures(m);
    rr::python::bindChiSquareTests(m);
    rr::python::bindRules(m);
    rr::python::bindRegress(m);
    rr::python::bindReleases(m);

    m.def(
        "register_records",
        [](const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& labels,
           const std::vector<Codes>& codes, const std::vector<bool>& wholeDomain) {
            return translated("records", [&] {
                std::size_t rows = 0;
                const std::vector<rr::CodeColumn> columns = codeColumns(names, labels, codes, rows);
                return registerTable(rr::recordsFromCodes(columns, rows, wholeDomain), "data frame in memory");
            });
        },
        py::arg("names"), py::arg("labels"), py::arg("codes"), py::arg("whole_domain") = std::vector<bool>{});
    m.def("unregister", [](const std::string& name) { rr::cli::unregisterMemorySource(name); });
    m.def(
        "command_options",
        [](const std::vector<std::string>& words) {
            return translated("command", [&] {
                std::vector<std::string> rest;
                const std::vector<rr::cli::OptionSpec> specs =
                    words.empty() ? rr::cli::dataOptions()
                                  : rr::cli::resolveCommand(rr::cli::allCommands(), words, rest).options;
                std::vector<std::tuple<std::string, std::string, std::string, bool>> out;
                for (const rr::cli::OptionSpec& o : specs)
                    out.emplace_back(o.name, o.valueName, o.help, o.repeatable);
                return out;
            });
        },
        py::arg("words"), "The options of the command `words` names (name, value name, help, repeatable); no words: the data options.");
}
