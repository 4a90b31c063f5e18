// The data of a typed call: a Source the caller builds once from files or a database (the CLI's data options,
// read by its one parser), counts, or code arrays of a data frame. No name registry: the request holds it.
#include "app/cli/Dataset.h"
#include "app/cli/Options.h"
#include "app/python/Bridge.h"
#include "core/datasource/BinnedSource.h"
#include "core/contingency/CodeCounts.h"
#include "core/data/Binning.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace rr::python {
namespace {

using Codes = py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>;

Source inMemory(Table table, const std::string& description, const std::vector<std::string>& bins)
{
    std::shared_ptr<const DataSource> source = std::make_shared<TableSource>(std::move(table), description);
    return Source{withBins(source, parseBinSpecs(bins, "--bin"))};
}

Source ofRecords(const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& labels,
                 const std::vector<Codes>& codes, const std::vector<bool>& wholeDomain,
                 const std::vector<std::string>& bins)
{
    if (names.size() != labels.size() || names.size() != codes.size())
        throw InputError("give as many label lists and code arrays as column names");
    const std::size_t rows = codes.empty() ? 0 : static_cast<std::size_t>(codes.front().size());
    std::vector<CodeColumn> columns(names.size());
    for (std::size_t j = 0; j < names.size(); ++j) {
        if (codes[j].ndim() != 1 || static_cast<std::size_t>(codes[j].size()) != rows)
            throw InputError("the code arrays must be one-dimensional and of one length (column '" + names[j] + "')");
        columns[j] = {names[j], labels[j], codes[j].data()};
    }
    return inMemory(recordsFromCodes(columns, rows, wholeDomain), "data frame in memory", bins);
}

Source ofOptions(const std::vector<std::string>& args)
{
    const cli::Options options = cli::Options::parse("data", args, cli::dataOptions());
    return Source{cli::openSource(options)};
}

} // namespace

void bindSources(py::module_& m)
{
    py::class_<Source>(m, "Source", "Data for a typed call: files, a database, counts or a data frame.");
    m.def(
        "source_of_counts",
        [](const Counts& c, const std::vector<std::string>& bins) {
            return translated("data", [&] { return inMemory(*c.table, "counts in memory", bins); });
        },
        py::arg("counts"), py::arg("bins") = std::vector<std::string>{});
    m.def(
        "source_of_records",
        [](const std::vector<std::string>& names, const std::vector<std::vector<std::string>>& labels,
           const std::vector<Codes>& codes, const std::vector<bool>& wholeDomain, const std::vector<std::string>& bins) {
            return translated("data", [&] { return ofRecords(names, labels, codes, wholeDomain, bins); });
        },
        py::arg("names"), py::arg("labels"), py::arg("codes"), py::arg("whole_domain") = std::vector<bool>{},
        py::arg("bins") = std::vector<std::string>{});
    m.def(
        "source_of_options", [](const std::vector<std::string>& args) { return translated("data", [&] { return ofOptions(args); }); },
        py::arg("args"), "Files or a database as the CLI's data options (--data, --sql-url, --missing, --bin, ...).");
    m.def(
        "retention_pairs",
        [](const std::string& text) { return translated("p", [&] { return cli::parseRetentionList(text); }); },
        py::arg("text"), "'A=0.8,B=0.9' as (name, p) pairs, by the CLI's parser of --p (its messages).");
    m.def(
        "assignment_pairs",
        [](const std::string& text, const std::string& option) {
            return translated(option, [&] { return cli::parseAssignments(text, option); });
        },
        py::arg("text"), py::arg("option"), "'A=x,B=y' as (name, value) pairs, by the CLI's parser of --OPTION.");
}

} // namespace rr::python
