// rr_explorer's `reidentification`: the typed request filled from Python's arguments, core/api's
// reidentificationOf, and its result as an object with attributes; to_dict() is core/api's reidentificationJson,
// the CLI's output.
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Reidentification.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace rr::python {
namespace {

using R = api::ReidentificationResult;

// Per QI cell with records: NumPy arrays of its count and both risks, and its values.
py::dict cellsOf(const R& r)
{
    std::vector<double> count, original, randomized;
    py::list values;
    for (const ReidentificationCell& c : r.risk.cells) {
        count.push_back(c.count);
        original.push_back(c.original);
        randomized.push_back(c.randomized);
        py::dict qi;
        const std::vector<std::string> v = r.table->cellValues(c.cell);
        for (std::size_t k = 0; k < v.size(); ++k)
            qi[py::str(r.table->names[k])] = v[k];
        values.append(qi);
    }
    py::dict out;
    out["qi"] = values;
    out["count"] = py::array(py::cast(count));
    out["original"] = py::array(py::cast(original));
    out["randomized"] = py::array(py::cast(randomized));
    return out;
}

void bindResult(py::module_& m)
{
    py::class_<R>(m, "ReidentificationResult", "The result of rr_explorer.reidentification (core/api/Reidentification.h).")
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_readonly("records", &R::records)
        .def_readonly("qi", &R::qi)
        .def_property_readonly("p", [](const R& r) { return retentionsOf(r.distortions); })
        .def_readonly("threshold", &R::threshold)
        .def_property_readonly("original", [](const R& r) { return r.risk.original; })
        .def_property_readonly("randomized", [](const R& r) { return r.risk.randomized; })
        .def_property_readonly("cells", &cellsOf,
                               "Per QI cell with records: 'qi' (its values) and NumPy arrays 'count', 'original' and "
                               "'randomized' (the risks).")
        .def("to_dict", [](const R& r) { return toPython(api::reidentificationJson(r)); },
             "The CLI's JSON of `reidentification` for the same arguments, as a dict.");
}

R reidentificationFromArguments(Source data, std::vector<std::string> qi, bool dropIncomplete,
                                std::vector<std::pair<std::string, double>> p,
                                std::vector<std::pair<std::string, std::string>> matrix, double threshold, bool cells,
                                py::object progress)
{
    api::ReidentificationRiskRequest request;
    request.data.table = std::move(data.source);
    request.qi = std::move(qi);
    request.dropIncomplete = dropIncomplete;
    request.distortions = {std::move(p), std::move(matrix)};
    request.threshold = threshold;
    request.listCells = cells;
    request.threads = cli::cliThreads();
    return interruptible("reidentification", std::move(progress),
                         [&](const ProgressFunction& f) { return api::reidentificationOf(request, f); });
}

// A session file's data, QIs and p fill what the arguments leave out: the CLI's own reading of `args`.
R reidentificationFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const auto request = requestFromArgs(cli::reidentificationCommand(), args, cli::reidentificationRequestFrom);
    return interruptible("reidentification", std::move(progress),
                         [&](const ProgressFunction& f) { return api::reidentificationOf(request, f); });
}

} // namespace

void bindReidentification(py::module_& m)
{
    bindResult(m);
    m.def("reidentification", &reidentificationFromArguments, py::arg("data"), py::arg("qi"),
          py::arg("drop_incomplete"), py::arg("p"), py::arg("matrix"), py::arg("threshold"), py::arg("cells"),
          py::arg("progress"), "core/api reidentificationOf; rr_explorer.reidentification documents the arguments.");
    m.def("reidentification_from_args", &reidentificationFromCommandLine, py::arg("args"), py::arg("progress"),
          "reidentificationOf of the CLI's `reidentification` options (the session path).");
}

} // namespace rr::python
