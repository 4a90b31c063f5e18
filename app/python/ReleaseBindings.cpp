// rr_explorer's releases (randomize, anonymize, anatomy): the typed requests filled from Python's arguments,
// core/api's randomizeOf, anonymizeOf and anatomyOf, and their results as objects with attributes; to_dict() is
// core/api's JSON of each, the CLI's output. The checks of values the CLI reads from its options are the CLI's
// own functions (app/cli), so the messages are the same.
#include "app/cli/BaselineInputs.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReleaseLogOptions.h"
#include "app/cli/Requests.h"
#include "app/python/Bridge.h"
#include "app/python/JsonObjects.h"
#include "core/api/Anatomy.h"
#include "core/api/Anonymize.h"
#include "core/api/Names.h"
#include "core/api/Randomize.h"
#include "core/api/Risk.h"
#include "core/data/Errors.h"

#include <pybind11/stl.h>

#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>

namespace rr::python {
namespace {

using Pairs = std::vector<std::pair<std::string, double>>;
using FilePairs = std::vector<std::pair<std::string, std::string>>;
using Names = std::vector<std::string>;

// A number as the CLI's message shows the text given: the shortest that reads back as `v` (Python's repr).
std::string shown(double v)
{
    for (int digits = 1;; ++digits) {
        std::ostringstream s;
        s.precision(digits);
        s << v;
        if (digits >= 17 || std::strtod(s.str().c_str(), nullptr) == v)
            return s.str();
    }
}

// A note's path: none, or a name (an empty one refused as the CLI refuses --note "").
std::string notePath(const std::optional<std::string>& path, const std::string& option)
{
    if (path && path->empty())
        throw InputError("option --" + option + " needs a file name");
    return path.value_or("");
}

// Where a release goes: its files or its table, and the notes beside it.
struct ReleaseWhere {
    Names files;
    std::string table;
    bool force = false;
    std::optional<std::string> note, auditNote;
};

api::ReleaseOutputs outputsOf(const ReleaseWhere& where)
{
    api::ReleaseOutputs o;
    o.files = where.files;
    o.table = where.table;
    o.force = where.force;
    o.note = notePath(where.note, "note");
    o.auditNote = notePath(where.auditNote, "audit-note");
    return o;
}

// The data as a request: the source the caller built, with its files (no output may replace one).
api::DataRequest dataOf(Source data, Names files)
{
    api::DataRequest request;
    request.table = std::move(data.source);
    request.source.files = std::move(files);
    return request;
}

// The roles, checked as the CLI's rolesFrom checks --qi and --sensitive.
AnalysisSpec rolesOf(Names qi, const Names& sensitive, bool dropIncomplete)
{
    if (sensitive.size() != 1)
        throw InputError("--sensitive takes exactly one attribute, got " + std::to_string(sensitive.size()) + " (" +
                         api::joinNames(sensitive) + ")");
    AnalysisSpec spec;
    spec.quasiIdentifiers = std::move(qi);
    spec.sensitive = sensitive.front();
    spec.policy = dropIncomplete ? MissingPolicy::DropIncomplete : MissingPolicy::DropIfUsedMissing;
    checkRoles(spec);
    return spec;
}

// One part of a result's JSON (None when the JSON has none): what a nested attribute shows.
py::object jsonPart(const api::Json& j, const char* key)
{
    return j.contains(key) ? toPython(j[key]) : py::object(py::none());
}

void bindRandomizeResult(py::module_& m)
{
    using R = api::RandomizeResult;
    const auto part = [](const char* key) {
        return [key](const R& r) { return jsonPart(api::randomizeJson(r), key); };
    };
    py::class_<R>(m, "RandomizeResult", "The result of rr_explorer.randomize (core/api/Randomize.h).")
        .def_property_readonly("rows", [](const R& r) { return r.report.randomization.rows; })
        .def_property_readonly("dropped_rows", [](const R& r) { return r.report.droppedRows; })
        .def_property_readonly("changed_values", [](const R& r) { return r.report.randomization.changedValues; })
        .def_property_readonly("generator", [](const R& r) { return r.report.generator; })
        .def_property_readonly("order", [](const R& r) { return std::string(r.report.randomOrder ? "random" : "source"); })
        .def_property_readonly("columns", part("columns"), "{'randomized': [...], 'kept_in_clear': [...], 'dropped': [...]}.")
        .def_property_readonly("p", [](const R& r) { return retentionsOf(r.distortions); })
        .def_property_readonly("distortion", part("distortion"), "The matrices given per attribute (None without).")
        .def_readonly("source", &R::source)
        .def_readonly("keep", &R::keep)
        .def_property_readonly("out", [](const R& r) { return r.outputs.files; })
        .def_property_readonly("out_sql_table", [](const R& r) { return r.outputs.table; })
        .def_property_readonly("release_log", [](const R& r) -> py::object {
            return r.logged ? py::cast(*r.outputs.releaseLog) : py::none();
        })
        .def_property_readonly("previous_releases", part("previous_releases"))
        .def_property_readonly("combined_epsilon", part("combined_epsilon"))
        .def_property_readonly("notes", part("notes"), "What the owner should know (None when nothing).")
        .def_readonly("public_note", &R::publicNote, "The public release note's text (JSON; no source, no risk).")
        .def_readonly("audit_note", &R::auditNote, "The internal audit note's text (JSON, with the source).")
        .def("to_dict", [](const R& r) { return toPython(api::randomizeJson(r)); },
             "The CLI's JSON of `randomize` for the same arguments, as a dict.");
}

void bindAnonymizeResult(py::module_& m)
{
    using R = api::AnonymizeResult;
    const auto part = [](const char* key) {
        return [key](const R& r) { return jsonPart(api::anonymizeJson(r), key); };
    };
    py::class_<R>(m, "AnonymizeResult", "The result of rr_explorer.anonymize (core/api/Anonymize.h).")
        .def_property_readonly("out", [](const R& r) -> py::object {
            return r.outputs.files.empty() ? py::none() : py::cast(r.outputs.files.front());
        })
        .def_property_readonly("out_sql_table", [](const R& r) { return r.outputs.table; })
        .def_readonly("model", &R::model)
        .def_property_readonly("node", part("node"), "{attribute: level} of the chosen generalization.")
        .def_property_readonly("metric", part("metric"), "{'name', 'value'}: the information loss minimized.")
        .def_property_readonly("nodes_checked", [](const R& r) { return r.search.nodesChecked; })
        .def_property_readonly("lattice_size", [](const R& r) { return r.search.latticeSize; })
        .def_readonly("rows", &R::rows)
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_property_readonly("rows_written", [](const R& r) { return r.written.randomization.rows; })
        .def_property_readonly("suppressed", [](const R& r) { return r.written.leftOut; })
        .def_readonly("equivalence_classes", &R::equivalenceClasses)
        .def_readonly("max_risk", &R::maxRisk)
        .def_property_readonly("reidentification", part("reidentification"))
        .def_property_readonly("hierarchies", part("hierarchies"), "{attribute: the hierarchy's source}.")
        .def_property_readonly("t", part("t"), "t-closeness's t (None for the other models).")
        .def_property_readonly("t_measure", part("t_measure"))
        .def_property_readonly("sensitive_hierarchy", part("sensitive_hierarchy"))
        .def_property_readonly("order", [](const R& r) { return std::string(r.written.randomOrder ? "random" : "source"); })
        .def_property_readonly("columns", part("columns"))
        .def_readonly("seconds", &R::seconds)
        .def("to_dict", [](const R& r) { return toPython(api::anonymizeJson(r)); },
             "The CLI's JSON of `anonymize` for the same arguments, as a dict.");
}

void bindAnatomyResult(py::module_& m)
{
    using R = api::AnatomyResult;
    py::class_<R>(m, "AnatomyResult", "The result of rr_explorer.anatomy (core/api/Anatomy.h).")
        .def_property_readonly("qit", [](const R& r) { return r.outputs.qitPath; }, "The QI table's file or table.")
        .def_property_readonly("st", [](const R& r) { return r.outputs.stPath; }, "The sensitive table's file or table.")
        .def_property_readonly("to_tables", [](const R& r) { return r.outputs.toTables; })
        .def_readonly("l", &R::l)
        .def_property_readonly("rows", [](const R& r) { return r.written.randomization.rows; })
        .def_readonly("dropped_rows", &R::droppedRows)
        .def_readonly("groups", &R::groups)
        .def_readonly("residue_records", &R::residueRecords)
        .def_readonly("max_risk", &R::maxRisk)
        .def_property_readonly("order", [](const R& r) { return std::string(r.written.randomOrder ? "random" : "source"); })
        .def_readonly("seconds", &R::seconds)
        .def("to_dict", [](const R& r) { return toPython(api::anatomyJson(r)); },
             "The CLI's JSON of `anatomy` for the same arguments, as a dict.");
}

api::RandomizeResult randomizeFromArguments(Source data, Names files, Names attributes, Pairs p, FilePairs matrix,
                                            Names keep, bool keepOrder, std::string missingToken, ReleaseWhere where,
                                            std::optional<std::string> releaseLog, bool noReleaseLog,
                                            std::optional<std::uint64_t> seed, py::object progress)
{
    api::RandomizeRequest request;
    translated("randomize", [&] { // the CLI's order: the outputs and the log checked before anything is read
        request.outputs = outputsOf(where);
        request.outputs.releaseLog =
            cli::releaseLogPathOf(releaseLog, noReleaseLog, seed.has_value(), request.outputs.written());
    });
    request.data = dataOf(std::move(data), std::move(files));
    request.attributes = std::move(attributes);
    request.distortions = {std::move(p), std::move(matrix)};
    request.keep = std::move(keep);
    request.keepOrder = keepOrder;
    request.missingToken = std::move(missingToken);
    request.generator.seed = seed;
    return interruptible("randomize", std::move(progress),
                         [&](const ProgressFunction& f) { return api::randomizeOf(request, f); });
}

// anonymize's model: its name, k, l, c, t and t's ground distance, checked as the CLI checks its options.
using ModelArguments = std::tuple<std::string, std::optional<double>, std::optional<double>, std::optional<double>,
                                  std::optional<double>, std::optional<std::string>>;

api::PrivacyModelChoice modelOf(const ModelArguments& arguments)
{
    const auto& [name, k, l, c, t, tMeasure] = arguments;
    api::PrivacyModelChoice m;
    m.model = name;
    if (name == "t-closeness") {
        if (!t)
            throw InputError("'anonymize' needs --t (see 'rr-explorer-cli anonymize --help')");
        m.t = cli::checkedT(*t, shown(*t));
        m.tMeasure = cli::tMeasureNamed(tMeasure.value_or("equal"));
    } else if (t || tMeasure) {
        throw InputError(std::string("--") + (t ? "t" : "t-measure") + " applies to --model t-closeness, not to --model " +
                         name);
    }
    if ((name == "entropy" || name == "distinct" || name == "recursive") && !l)
        throw InputError("'anonymize' needs --l (see 'rr-explorer-cli anonymize --help')");
    m.k = k;
    m.l = l;
    m.c = c;
    return m;
}

api::AnonymizeResult anonymizeFromArguments(Source data, Names files, Names qi, Names sensitive,
                                            bool dropIncomplete, ModelArguments model, std::string metric,
                                            double suppression, std::string hierarchies, double threshold, Names keep,
                                            bool keepOrder, std::string missingToken, ReleaseWhere where,
                                            py::object progress)
{
    api::AnonymizeRequest request;
    translated("anonymize", [&] { // the CLI's order of the checks
        request.outputs = outputsOf(where);
        request.metric = parseLossMetricKind(metric);
        request.suppression = cli::checkedSuppression(suppression, shown(suppression));
        request.roles = rolesOf(std::move(qi), sensitive, dropIncomplete);
        request.model = modelOf(model);
        api::checkUnitThreshold(threshold, "--threshold");
    });
    request.data = dataOf(std::move(data), std::move(files));
    request.hierarchies = std::move(hierarchies);
    request.threshold = threshold;
    request.keep = std::move(keep);
    request.keepOrder = keepOrder;
    request.missingToken = std::move(missingToken);
    return interruptible("anonymize", std::move(progress),
                         [&](const ProgressFunction& f) { return api::anonymizeOf(request, f); });
}

// anatomy's two outputs: a file prefix (with its format) or a table prefix, as the CLI checks --out and the rest.
api::AnatomyOutputs anatomyOutputs(const std::optional<std::string>& out, const std::optional<std::string>& format,
                                   const std::optional<std::string>& table, bool force)
{
    if (out.has_value() == table.has_value())
        throw InputError("give exactly one of --out FILE and --out-sql-table NAME");
    if (out && out->empty())
        throw InputError("option --out needs a file name");
    if (table && table->empty())
        throw InputError("option --out-sql-table needs a table name");
    if (table && format)
        throw InputError("--out-format applies to files (--out PREFIX), not to --out-sql-table");
    const std::string ext = cli::anatomyExtension(format.value_or("csv"));
    api::AnatomyOutputs o = api::anatomyOutputsOf(table ? *table : *out, table.has_value(), ext);
    o.force = force;
    return o;
}

api::AnatomyResult anatomyFromArguments(Source data, Names files, Names qi, Names sensitive,
                                        bool dropIncomplete, double l, bool keepOrder, std::string missingToken,
                                        std::optional<std::string> out, std::optional<std::string> outFormat,
                                        std::optional<std::string> outTable, bool force, py::object progress)
{
    api::AnatomyRequest request;
    translated("anatomy", [&] { // the CLI's order: the outputs, l, the roles
        request.outputs = anatomyOutputs(out, outFormat, outTable, force);
        request.l = wholeL(l, "--l");
        request.roles = rolesOf(std::move(qi), sensitive, dropIncomplete);
    });
    request.data = dataOf(std::move(data), std::move(files));
    request.keepOrder = keepOrder;
    request.missingToken = std::move(missingToken);
    return interruptible("anatomy", std::move(progress),
                         [&](const ProgressFunction& f) { return api::anatomyOf(request, f); });
}

// A session file fills what the arguments leave out: the CLI's own reading of `args` (the session path).
template <typename Request, typename Run>
auto fromCommandLine(const cli::Command& command, Request (*read)(const cli::Options&), Run run)
{
    return [command, read, run](const Names& args, py::object progress) {
        const Request request = requestFromArgs(command, args, read);
        return interruptible(command.name, std::move(progress), [&](const ProgressFunction& f) { return run(request, f); });
    };
}

} // namespace

void bindReleases(py::module_& m)
{
    bindRandomizeResult(m);
    bindAnonymizeResult(m);
    bindAnatomyResult(m);
    py::class_<ReleaseWhere>(m, "ReleaseWhere", "Where a release goes: files or a table, and its notes.")
        .def(py::init<Names, std::string, bool, std::optional<std::string>, std::optional<std::string>>(),
             py::arg("files"), py::arg("table"), py::arg("force"), py::arg("note"), py::arg("audit_note"));
    m.def("randomize", &randomizeFromArguments, py::arg("data"), py::arg("files"), py::arg("attributes"), py::arg("p"),
          py::arg("matrix"), py::arg("keep"), py::arg("keep_order"), py::arg("missing_token"), py::arg("where"),
          py::arg("release_log"), py::arg("no_release_log"), py::arg("seed"), py::arg("progress"),
          "core/api randomizeOf; rr_explorer.randomize documents the arguments.");
    m.def("anonymize", &anonymizeFromArguments, py::arg("data"), py::arg("files"), py::arg("qi"), py::arg("sensitive"),
          py::arg("drop_incomplete"), py::arg("model"), py::arg("metric"), py::arg("suppression"),
          py::arg("hierarchies"), py::arg("threshold"), py::arg("keep"), py::arg("keep_order"),
          py::arg("missing_token"), py::arg("where"), py::arg("progress"),
          "core/api anonymizeOf; rr_explorer.anonymize documents the arguments.");
    m.def("anatomy", &anatomyFromArguments, py::arg("data"), py::arg("files"), py::arg("qi"), py::arg("sensitive"),
          py::arg("drop_incomplete"), py::arg("l"), py::arg("keep_order"), py::arg("missing_token"), py::arg("out"),
          py::arg("out_format"), py::arg("out_sql_table"), py::arg("force"), py::arg("progress"),
          "core/api anatomyOf; rr_explorer.anatomy documents the arguments.");
    m.def("randomize_from_args", fromCommandLine(cli::randomizeCommand(), &cli::randomizeRequestFrom,
                                                 [](const auto& r, const auto& f) { return api::randomizeOf(r, f); }),
          py::arg("args"), py::arg("progress"), "randomizeOf of the CLI's `randomize` options (the session path).");
    m.def("anonymize_from_args", fromCommandLine(cli::anonymizeCommand(), &cli::anonymizeRequestFrom,
                                                 [](const auto& r, const auto& f) { return api::anonymizeOf(r, f); }),
          py::arg("args"), py::arg("progress"), "anonymizeOf of the CLI's `anonymize` options (the session path).");
    m.def("anatomy_from_args", fromCommandLine(cli::anatomyCommand(), &cli::anatomyRequestFrom,
                                               [](const auto& r, const auto& f) { return api::anatomyOf(r, f); }),
          py::arg("args"), py::arg("progress"), "anatomyOf of the CLI's `anatomy` options (the session path).");
}

} // namespace rr::python
