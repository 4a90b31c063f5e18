// rr_explorer's `optimize`: the typed request filled from Python's arguments, core/api's optimizeOf, and its result
// as an object with attributes; to_dict() is core/api's optimizeJson, so it equals the CLI's output.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Requests.h"
#include "app/cli/SessionOptions.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Optimize.h"

#include <pybind11/stl.h>

#include <cmath>

namespace rr::python {
namespace {

py::dict valuesOf(const std::vector<std::string>& names, const std::vector<double>& values)
{
    py::dict out;
    for (std::size_t k = 0; k < names.size() && k < values.size(); ++k)
        out[py::str(names[k])] = values[k];
    return out;
}

// A figure that the JSON writes as null when infinite.
py::object finite(double v)
{
    return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none());
}

// The answer's p and cost: None where the JSON has no such key (an infeasible answer has no p).
py::object whenFeasible(const api::OptimizeResult& o, py::object value)
{
    return o.result.feasible ? value : py::object(py::none());
}

py::object reidentificationOf(const api::OptimizeResult& o)
{
    const auto& r = o.result.reidentification;
    if (!r)
        return py::none();
    py::dict out;
    out["max"] = r->max;
    out["mean"] = r->mean;
    out["binding"] = o.result.reidentificationBinding;
    out["bound_max"] = o.bound.max > 0 ? py::object(py::float_(o.bound.max)) : py::object(py::none());
    out["bound_mean"] = o.bound.mean > 0 ? py::object(py::float_(o.bound.mean)) : py::object(py::none());
    return out;
}

py::object bestL(const api::OptimizeResult& o, bool perMode)
{
    if (!o.infeasibility)
        return py::none();
    py::dict all;
    py::object own = py::none();
    for (const ReachableL& r : o.infeasibility->bestL) {
        all[py::str(toString(r.mode))] = r.l;
        if (r.mode == o.mode)
            own = py::int_(r.l);
    }
    return perMode ? py::object(all) : own;
}

py::object blockingGroups(const api::OptimizeResult& o)
{
    if (!o.infeasibility)
        return py::none();
    py::list out;
    for (const api::GroupValue& g : o.infeasibility->blockingGroups) {
        api::Json j = api::groupValueJson(g);
        j["group_records"] = api::countValue(g.groupRecords);
        out.append(toPython(j));
    }
    return out;
}

// The analysis' answer (`for_`): what it minimized and 003's optimum beside it.
void bindAnalysis(py::module_& m)
{
    py::class_<api::AnalysisAnswer>(m, "AnalysisAnswer")
        .def_readonly("analysis", &api::AnalysisAnswer::text)
        .def_readonly("objective", &api::AnalysisAnswer::description)
        .def_readonly("terms", &api::AnalysisAnswer::terms)
        .def_property_readonly("analysis_objective", [](const api::AnalysisAnswer& a) { return finite(a.analysisObjective); })
        .def_property_readonly("classic_p", [](const api::AnalysisAnswer& a) { return a.classic.p; })
        .def_property_readonly("classic_objective", [](const api::AnalysisAnswer& a) { return finite(a.classic.objective); })
        .def_property_readonly("classic_analysis_objective",
                               [](const api::AnalysisAnswer& a) { return finite(a.classicAnalysisObjective); })
        .def_property_readonly("classic_max_risk", [](const api::AnalysisAnswer& a) { return a.classic.maxRisk; });
    py::class_<api::TargetOptimum>(m, "TargetOptimum")
        .def_readonly("attribute", &api::TargetOptimum::attribute)
        .def_readonly("knows", &api::TargetOptimum::knows)
        .def_readonly("max_risk", &api::TargetOptimum::maxRisk)
        .def_readonly("lowest_max_risk", &api::TargetOptimum::lowestMaxRisk)
        .def_readonly("blocking_records", &api::TargetOptimum::blockingRecords)
        .def_readonly("blocking_cells", &api::TargetOptimum::blockingCells)
        .def_property_readonly("reason", [](const api::TargetOptimum& t) -> py::object {
            return t.reason.empty() ? py::object(py::none()) : py::object(py::str(t.reason));
        })
        .def_readonly("inference", &api::TargetOptimum::inference);
}

void bindResult(py::module_& m)
{
    using R = api::OptimizeResult;
    py::class_<R>(m, "OptimizeResult", "The result of rr_explorer.optimize (core/api/Optimize.h).")
        .def_property_readonly("feasible", [](const R& o) { return o.result.feasible; })
        .def_property_readonly("mode", [](const R& o) { return toString(o.mode); })
        .def_property_readonly("p", [](const R& o) { return whenFeasible(o, valuesOf(o.names, o.result.p)); })
        .def_property_readonly("objective", [](const R& o) { return whenFeasible(o, finite(o.result.objective)); })
        .def_property_readonly("max_risk", [](const R& o) { return whenFeasible(o, py::float_(o.result.maxRisk)); })
        .def_property_readonly("reason", [](const R& o) { return o.result.reason; })
        .def_property_readonly("lowest_max_risk", [](const R& o) { return o.result.lowestMaxRisk; })
        .def_property_readonly("blocking_records", [](const R& o) { return o.result.blockingRecords; })
        .def_property_readonly("blocking_cells", [](const R& o) { return o.result.blockingCells; })
        .def_property_readonly("certain_groups", [](const R& o) { return o.result.certainGroups; })
        .def_property_readonly("certain_records", [](const R& o) { return o.result.certainRecords; })
        .def_property_readonly("tau", [](const R& o) { return o.result.tau; })
        .def_readonly("l", &R::l)
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_property_readonly("reidentification", &reidentificationOf)
        .def_property_readonly("evaluations", [](const R& o) { return o.result.evaluations; })
        .def_readonly("analysis", &R::analysis)
        .def_property_readonly("blocking_groups", &blockingGroups)
        .def_property_readonly("best_l", [](const R& o) { return bestL(o, false); })
        .def_property_readonly("best_l_per_mode", [](const R& o) { return bestL(o, true); })
        .def_readonly("inference", &R::inference)
        .def_readonly("randomized", &R::randomized)
        .def_readonly("sensitive", &R::targets)
        .def_readonly("warnings", &R::warnings)
        .def_property_readonly("several", &R::several)
        .def("to_dict", [](const R& o) { return toPython(api::optimizeJson(o)); },
             "The CLI's JSON of `optimize` for the same arguments, as a dict.");
}

using Names = std::optional<std::vector<std::string>>;

// An argument the CLI requires, in its words.
std::vector<std::string> required(Names value, const std::string& option)
{
    if (!value)
        throw InputError("'optimize' needs --" + option + " (see 'rr-explorer-cli optimize --help')");
    return std::move(*value);
}

// Checked in the CLI's order: --mode, l or tau and the bounds, --sensitive, --qi.
api::OptimizeRequest requestOf(Source data, Names qi, Names sensitive, const std::optional<std::string>& mode,
                               std::optional<double> l, std::optional<double> tau, std::optional<double> maxR,
                               std::optional<double> meanR)
{
    api::OptimizeRequest request;
    if (!mode)
        throw InputError("'optimize' needs --mode (see 'rr-explorer-cli optimize --help')");
    request.mode = parseMode(*mode);
    request.l = l;
    request.tau = tau;
    request.maxReidentification = maxR;
    request.meanReidentification = meanR;
    api::checkSearch(request);
    request.sensitive = required(std::move(sensitive), "sensitive");
    request.qi = required(std::move(qi), "qi");
    request.data.table = std::move(data.source);
    return request;
}

api::OptimizeResult optimizeFromArguments(Source data, Names qi, Names sensitive, api::Knows knows,
                                          bool dropIncomplete, std::optional<std::string> mode,
                                          std::optional<double> l, std::optional<double> tau,
                                          std::optional<double> maxReidentification,
                                          std::optional<double> meanReidentification,
                                          std::optional<std::string> analysis, py::object progress)
{
    api::OptimizeRequest request = translated("optimize", [&] {
        return requestOf(std::move(data), std::move(qi), std::move(sensitive), mode, l, tau, maxReidentification,
                         meanReidentification);
    });
    request.knows = std::move(knows);
    request.dropIncomplete = dropIncomplete;
    request.analysis = std::move(analysis);
    request.threads = cli::cliThreads();
    return interruptible("optimize", std::move(progress),
                         [&](const ProgressFunction& f) { return api::optimizeOf(request, f); });
}

// A session file's roles, mode and l fill what the arguments leave out: the CLI's own reading of `args`.
api::OptimizeResult optimizeFromCommandLine(const std::vector<std::string>& args, py::object progress)
{
    const api::OptimizeRequest request = translated("optimize", [&] {
        const cli::Command c = cli::optimizeCommand();
        return cli::optimizeRequestFrom(cli::Options::parse(c.name, cli::expandSession(args, c.options), c.options));
    });
    return interruptible("optimize", std::move(progress),
                         [&](const ProgressFunction& f) { return api::optimizeOf(request, f); });
}

} // namespace

void bindOptimize(py::module_& m)
{
    bindAnalysis(m);
    bindResult(m);
    m.def("optimize", &optimizeFromArguments, py::arg("data"), py::arg("qi"), py::arg("sensitive"), py::arg("knows"),
          py::arg("drop_incomplete"), py::arg("mode"), py::arg("l"), py::arg("tau"), py::arg("max_reidentification"),
          py::arg("mean_reidentification"), py::arg("analysis"), py::arg("progress"),
          "core/api optimizeOf; rr_explorer.optimize documents the arguments.");
    m.def("optimize_from_args", &optimizeFromCommandLine, py::arg("args"), py::arg("progress"),
          "optimizeOf of the CLI's `optimize` options (the session path).");
}

} // namespace rr::python
