// rr_explorer's `measures`: the typed request filled from Python's arguments, core/api's measuresOf, and its result
// as objects with attributes (one MeasureEstimate per measure, cell and residual); to_dict() is core/api's
// measuresJson, the CLI's output.
#include "app/cli/Requests.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Measures.h"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <cmath>

namespace rr::python {
namespace {

using E = MeasureEstimate;
using R = api::PairMeasuresResult;

// A defined, finite value; else None (the JSON's null, whose reason to_dict() gives).
py::object valueOf(const MeasureValue& v)
{
    return v.defined && std::isfinite(v.value) ? py::object(py::float_(v.value)) : py::object(py::none());
}

py::object rangeOf(const std::optional<Interval>& i, bool raw)
{
    if (!i)
        return py::none();
    return raw ? py::make_tuple(i->rawLo, i->rawHi) : py::make_tuple(i->lo, i->hi);
}

py::dict byKey(const std::vector<E>& estimates)
{
    py::dict out;
    for (const E& e : estimates)
        out[py::str(e.key)] = e;
    return out;
}

void bindTypes(py::module_& m)
{
    py::class_<E>(m, "MeasureEstimate", "One estimated measure, pooled cell or residual of rr_explorer.measures.")
        .def_readonly("key", &E::key)
        .def_readonly("label", &E::label)
        .def_property_readonly("estimate", [](const E& e) { return valueOf(e.estimate); })
        .def_property_readonly("variance", [](const E& e) { return valueOf(e.variance); })
        .def_property_readonly("normal", [](const E& e) { return rangeOf(e.normal, false); })
        .def_property_readonly("chebyshev", [](const E& e) { return rangeOf(e.chebyshev, false); })
        .def_property_readonly("raw_normal", [](const E& e) { return rangeOf(e.normal, true); })
        .def_property_readonly("raw_chebyshev", [](const E& e) { return rangeOf(e.chebyshev, true); })
        .def_property_readonly("randomized", [](const E& e) { return valueOf(e.randomized); })
        .def("__repr__", [](const E& e) { return "MeasureEstimate('" + e.key + "')"; });
    py::class_<R>(m, "MeasuresResult", "The result of rr_explorer.measures (core/api/Measures.h).")
        .def_readonly("attributes", &R::attributes)
        .def_readonly("categories", &R::categories)
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_property_readonly("n", [](const R& r) { return r.measures.n; })
        .def_property_readonly("positive", [](const R& r) {
            py::dict out;
            out[py::str(r.attributes[0])] = r.positive[0];
            out[py::str(r.attributes[1])] = r.positive[1];
            return out;
        })
        .def_property_readonly("p", [](const R& r) { return retentionsOf(r.distortions); })
        .def_readonly("alpha", &R::alpha)
        .def_property_readonly("cells", [](const R& r) { return r.measures.cells; }, "The pooled cells 00, 01, 10, 11.")
        .def_property_readonly("covariance", [](const R& r) { return Eigen::Matrix4d(r.measures.covariance); })
        .def_property_readonly("measures", [](const R& r) { return byKey(r.measures.measures); })
        .def_property_readonly("residuals", [](const R& r) { return r.measures.residuals; })
        .def_property_readonly("table", [](const R& r) -> py::object {
            return r.measures.d1 > 2 || r.measures.d2 > 2 ? py::object(byKey(r.measures.fullTable)) : py::none();
        }, "The whole-table measures (003 Table 4.1) when an attribute has more than two categories.")
        .def("to_dict", [](const R& r) { return toPython(api::measuresJson(r)); },
             "The CLI's JSON of `measures` for the same arguments, as a dict.");
}

R measuresFromArguments(Source data, std::vector<std::string> attributes, bool dropIncomplete,
                        std::vector<std::pair<std::string, double>> p,
                        std::vector<std::pair<std::string, std::string>> matrix,
                        std::map<std::string, std::string> positive, double alpha, py::object progress)
{
    api::PairMeasuresRequest request;
    request.data.table = std::move(data.source);
    request.attributes = std::move(attributes);
    request.dropIncomplete = dropIncomplete;
    request.distortions = {std::move(p), std::move(matrix)};
    request.positive = std::move(positive);
    request.alpha = alpha;
    return interruptible("measures", std::move(progress),
                         [&](const ProgressFunction& f) { return api::measuresOf(request, f); });
}

R measuresFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const auto request = requestFromArgs(cli::measuresCommand(), args, cli::measuresRequestFrom);
    return interruptible("measures", std::move(progress),
                         [&](const ProgressFunction& f) { return api::measuresOf(request, f); });
}

} // namespace

void bindMeasures(py::module_& m)
{
    bindTypes(m);
    m.def("measures", &measuresFromArguments, py::arg("data"), py::arg("attributes"), py::arg("drop_incomplete"),
          py::arg("p"), py::arg("matrix"), py::arg("positive"), py::arg("alpha"), py::arg("progress"),
          "core/api measuresOf; rr_explorer.measures documents the arguments.");
    m.def("measures_from_args", &measuresFromCommandLine, py::arg("args"), py::arg("progress"),
          "measuresOf of the CLI's `measures` options (the session path).");
}

} // namespace rr::python
