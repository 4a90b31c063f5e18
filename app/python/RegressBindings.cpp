// rr_explorer's `regress`: the typed request filled from Python's arguments (the original data a Source like the
// release), core/api's regressOf, and its result as objects with attributes (the fits' estimates and covariance as
// NumPy); to_dict() is core/api's regressJson, the CLI's output.
#include "app/cli/Requests.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Regress.h"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

namespace rr::python {
namespace {

using R = api::RegressResult;
using F = RandomizedLogitResult;

py::list coefficientsOf(const F& fit, double alpha)
{
    py::list out;
    for (const WaldSummary& w : waldSummaries(fit, alpha)) {
        py::dict d;
        d["term"] = w.term;
        d["estimate"] = w.estimate;
        d["se"] = w.se;
        d["z"] = w.z;
        d["p_value"] = w.pValue;
        d["ci"] = py::make_tuple(w.lo, w.hi);
        out.append(d);
    }
    return out;
}

void bindTypes(py::module_& m)
{
    py::class_<F>(m, "LogitFit", "A fitted logistic regression of rr_explorer.regress (core/models/RandomizedLogit.h).")
        .def_readonly("terms", &F::terms)
        .def_property_readonly("estimate", [](const F& f) { return Eigen::VectorXd(f.estimate); })
        .def_property_readonly("covariance", [](const F& f) { return Eigen::MatrixXd(f.covariance); })
        .def_readonly("log_likelihood", &F::logLikelihood)
        .def_readonly("n", &F::n)
        .def_readonly("iterations", &F::iterations)
        .def_readonly("converged", &F::converged)
        .def("__repr__", [](const F& f) { return "LogitFit(" + std::to_string(f.terms.size()) + " terms)"; });
    py::class_<R>(m, "RegressResult", "The result of rr_explorer.regress (core/api/Regress.h).")
        .def_property_readonly("outcome", [](const R& r) { return r.model.outcome; })
        .def_property_readonly("positive", [](const R& r) { return r.model.positive; })
        .def_property_readonly("predictors", [](const R& r) { return r.model.predictors; })
        .def_property_readonly("reference", [](const R& r) {
            py::dict out;
            for (const auto& [predictor, category] : r.references)
                out[py::str(predictor)] = category;
            return out;
        })
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_property_readonly("p", [](const R& r) { return retentionsOf(r.distortions); })
        .def_readonly("alpha", &R::alpha)
        .def_readonly("fit", &R::fit, "The release's fit (a LogitFit).")
        .def_property_readonly("coefficients", [](const R& r) { return coefficientsOf(r.fit, r.alpha); },
                               "Per term: estimate, se, z, p_value and the Wald range ci at level 1 - alpha.")
        .def_property_readonly("original", [](const R& r) -> py::object {
            return r.original ? py::cast(*r.original) : py::none();
        }, "The same model on the original data (a LogitFit), with original=; else None.")
        .def("to_dict", [](const R& r) { return toPython(api::regressJson(r)); },
             "The CLI's JSON of `regress` for the same arguments, as a dict.");
}

R regressFromArguments(Source data, std::string outcome, std::string positive, std::vector<std::string> predictors,
                       std::vector<std::pair<std::string, std::string>> reference,
                       std::vector<std::pair<std::string, double>> p,
                       std::vector<std::pair<std::string, std::string>> matrix, std::optional<Source> original,
                       const std::string& originalName, double alpha, bool dropIncomplete, py::object progress)
{
    api::RegressRequest request;
    request.data.table = std::move(data.source);
    request.model = {std::move(outcome), std::move(positive), std::move(predictors), std::move(reference)};
    request.distortions = {std::move(p), std::move(matrix)};
    request.alpha = alpha;
    request.dropIncomplete = dropIncomplete;
    if (original) {
        api::OriginalData o;
        o.data.table = std::move(original->source);
        o.name = originalName;
        request.original = std::move(o);
    }
    return interruptible("regress", std::move(progress), [&](const ProgressFunction& f) { return api::regressOf(request, f); });
}

R regressFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const auto request = requestFromArgs(cli::regressCommand(), args, cli::regressRequestFrom);
    return interruptible("regress", std::move(progress), [&](const ProgressFunction& f) { return api::regressOf(request, f); });
}

} // namespace

void bindRegress(py::module_& m)
{
    bindTypes(m);
    m.def("regress", &regressFromArguments, py::arg("data"), py::arg("outcome"), py::arg("positive"),
          py::arg("predictors"), py::arg("reference"), py::arg("p"), py::arg("matrix"), py::arg("original"),
          py::arg("original_name"), py::arg("alpha"), py::arg("drop_incomplete"), py::arg("progress"),
          "core/api regressOf; rr_explorer.regress documents the arguments.");
    m.def("regress_from_args", &regressFromCommandLine, py::arg("args"), py::arg("progress"),
          "regressOf of the CLI's `regress` options (the session path).");
}

} // namespace rr::python
