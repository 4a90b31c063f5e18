// rr_explorer's `reconstruct`: the typed request filled from Python's arguments, core/api's reconstructOf, and its
// result as an object with NumPy arrays per cell; to_dict() is core/api's reconstructJson, the CLI's output.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"
#include "app/cli/SessionOptions.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Reconstruct.h"

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace rr::python {
namespace {

using R = api::ReconstructResult;

const char* estimatorName(api::Estimator e)
{
    return e == api::Estimator::Mle ? "mle" : e == api::Estimator::Projected ? "projected" : "moment";
}

py::dict retentions(const api::Distortions& d)
{
    py::dict out;
    for (std::size_t k = 0; k < d.names.size(); ++k)
        out[py::str(d.names[k])] = d.specs[k].kind == DistortionKind::Warner ? py::object(py::float_(d.specs[k].p))
                                                                              : py::object(py::none());
    return out;
}

py::object fitOf(const R& r)
{
    if (!r.fit)
        return py::none();
    py::dict out;
    out["iterations"] = r.fit->iterations;
    out["converged"] = r.fit->converged;
    out["tolerance"] = r.fit->tolerance;
    out["gap"] = r.fit->gap;
    out["log_likelihood"] = r.fit->logLikelihood;
    out["cells_at_zero"] = r.fit->cellsAtZero;
    return out;
}

py::tuple shapeOf(const R& r)
{
    py::list dims;
    for (int d : r.table->dims)
        dims.append(d);
    return py::tuple(dims);
}

void bindResult(py::module_& m)
{
    py::class_<R>(m, "ReconstructResult", "The result of rr_explorer.reconstruct (core/api/Reconstruct.h).")
        .def_readonly("n", &R::n)
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_readonly("attributes", &R::attributes)
        .def_property_readonly("categories", [](const R& r) { return r.table->categories; })
        .def_property_readonly("shape", &shapeOf, "The table's shape: one axis per attribute, last fastest.")
        .def_property_readonly("p", [](const R& r) { return retentions(r.distortions); })
        .def_readonly("alpha", &R::alpha)
        .def_property_readonly("estimator", [](const R& r) { return estimatorName(r.estimator); })
        .def_property_readonly("fit", &fitOf)
        .def_readonly("observed", &R::observed, "Per cell (row-major): the released shares lambda-hat.")
        .def_readonly("estimate", &R::estimate, "Per cell: the estimated original shares pi-hat.")
        .def_readonly("variance", &R::variance, "Per cell: the estimate's variance (NaN: none).")
        .def_property_readonly("at_zero", [](const R& r) -> py::object {
            if (r.atZero.empty())
                return py::none();
            std::vector<bool> flags(r.atZero.begin(), r.atZero.end());
            return py::array(py::cast(flags));
        })
        .def_readonly("covariance", &R::covariance)
        .def("to_dict", [](const R& r) { return toPython(api::reconstructJson(r)); },
             "The CLI's JSON of `reconstruct` for the same arguments, as a dict.");
}

api::ReconstructResult reconstructFromArguments(Source data, std::optional<std::vector<std::string>> attributes,
                                                std::vector<std::pair<std::string, double>> p,
                                                std::vector<std::pair<std::string, std::string>> matrix,
                                                double alpha, bool covariance, const std::string& estimator,
                                                bool dropIncomplete, py::object progress)
{
    api::ReconstructRequest request = translated("reconstruct", [&] {
        if (!attributes)
            throw InputError("'reconstruct' needs --attributes (see 'rr-explorer-cli reconstruct --help')");
        api::ReconstructRequest r;
        r.attributes = std::move(*attributes);
        api::checkAlpha(alpha);
        r.alpha = alpha;
        r.covariance = covariance;
        r.estimator = api::estimatorOf(estimator);
        return r;
    });
    request.data.table = std::move(data.source);
    request.distortions = {std::move(p), std::move(matrix)};
    request.dropIncomplete = dropIncomplete;
    return interruptible("reconstruct", std::move(progress),
                         [&](const ProgressFunction& f) { return api::reconstructOf(request, f); });
}

// A session file's attributes and p fill what the arguments leave out: the CLI's own reading of `args`.
api::ReconstructResult reconstructFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const api::ReconstructRequest request = translated("reconstruct", [&] {
        const cli::Command c = cli::reconstructCommand();
        return cli::reconstructRequestFrom(
            cli::Options::parse(c.name, cli::expandSession(args, c.options), c.options));
    });
    return interruptible("reconstruct", std::move(progress),
                         [&](const ProgressFunction& f) { return api::reconstructOf(request, f); });
}

} // namespace

void bindReconstruct(py::module_& m)
{
    bindResult(m);
    m.def("reconstruct", &reconstructFromArguments, py::arg("data"), py::arg("attributes"), py::arg("p"),
          py::arg("matrix"), py::arg("alpha"), py::arg("covariance"), py::arg("estimator"),
          py::arg("drop_incomplete"), py::arg("progress"),
          "core/api reconstructOf; rr_explorer.reconstruct documents the arguments.");
    m.def("reconstruct_from_args", &reconstructFromCommandLine, py::arg("args"), py::arg("progress"),
          "reconstructOf of the CLI's `reconstruct` options (the session path).");
}

} // namespace rr::python
