#include "core/analysis/Release.h"

#include "core/analysis/StreamRelease.h"

#include "core/analysis/Retention.h"
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

namespace rr {
namespace {

using Json = nlohmann::ordered_json;

std::string policyText(MissingPolicy policy)
{
    return policy == MissingPolicy::DropIncomplete
               ? "records with a missing value in any column are dropped"
               : "records with a missing value in a quasi-identifier or the sensitive attribute are dropped";
}

// The column's role: with several sensitive attributes, theirs (every target sensitive, what an attacker knows
// "known"); else the analysis'.
std::string roleOf(const AnalysisSpec& spec, const SeveralSensitiveAnalysis* several, const std::string& name)
{
    if (std::find(spec.quasiIdentifiers.begin(), spec.quasiIdentifiers.end(), name) != spec.quasiIdentifiers.end())
        return "quasi-identifier";
    if (!several)
        return name == spec.sensitive ? "sensitive" : "ignored";
    bool known = false;
    for (const SensitiveTarget& t : several->spec.targets) {
        if (t.attribute == name)
            return "sensitive";
        known = known || std::find(t.knows.begin(), t.knows.end(), name) != t.knows.end();
    }
    return known ? "known" : "ignored";
}

// The attribute's axis in the table p applies to: the several attributes' table when given, else the analysis'.
struct ColumnAxis {
    const PreparedTable* table = nullptr;
    int axis = -1;
};
ColumnAxis columnAxis(const PreparedAnalysis& analysis, const SeveralSensitiveAnalysis* several,
                      const std::string& name)
{
    const PreparedTable& t = several ? several->all : analysis;
    const auto it = std::find(t.names.begin(), t.names.end(), name);
    return {&t, it == t.names.end() ? -1 : static_cast<int>(it - t.names.begin())};
}

Json epsilonJson(const EpsilonValue& e)
{
    if (e.guaranteed)
        return e.value;
    return Json{{"undefined", e.reason}};
}

std::string fixed(double v, int digits)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(digits);
    s << v;
    return s.str();
}

std::string htmlEscape(const std::string& text)
{
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string epsilonText(const EpsilonValue& e)
{
    return e.guaranteed ? fixed(e.value, 4) : "undefined: " + e.reason;
}

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

} // namespace

std::string toString(ReleaseAction action)
{
    switch (action) {
    case ReleaseAction::Randomize: return "randomized";
    case ReleaseAction::KeepClear: return "kept in clear";
    case ReleaseAction::Drop: return "dropped";
    }
    return "dropped";
}

std::vector<const ReleaseColumn*> ReleaseSummary::randomized() const
{
    std::vector<const ReleaseColumn*> out;
    for (const ReleaseColumn& c : columns)
        if (c.action == ReleaseAction::Randomize)
            out.push_back(&c);
    return out;
}

std::vector<std::string> ReleaseSummary::releasedNames() const
{
    std::vector<std::string> out;
    for (const ReleaseColumn& c : columns)
        if (c.action != ReleaseAction::Drop)
            out.push_back(c.name);
    return out;
}

ReleaseChoice defaultReleaseChoice(const PreparedAnalysis& analysis, const std::vector<std::string>& sourceColumns,
                                   RandomizationMode mode, const std::map<std::string, double>& storedP, double tau,
                                   const SeveralSensitiveAnalysis* several)
{
    ReleaseChoice choice;
    choice.mode = mode;
    choice.tau = tau;
    const std::vector<double> p =
        several ? retentionsInMode(*several, mode, storedP) : retentionsInMode(analysis, mode, storedP);
    for (const std::string& name : sourceColumns) {
        const int axis = columnAxis(analysis, several, name).axis;
        if (axis < 0) {
            choice.actions[name] = ReleaseAction::Drop;
            continue;
        }
        const double pk = p[static_cast<std::size_t>(axis)];
        choice.p[name] = pk;
        choice.actions[name] = pk < 1.0 ? ReleaseAction::Randomize : ReleaseAction::KeepClear;
    }
    return choice;
}

ReleaseSummary summarizeRelease(const PreparedAnalysis& analysis, const std::vector<std::string>& sourceColumns,
                                const ReleaseChoice& choice, const SeveralSensitiveAnalysis* several)
{
    if (!(choice.tau > 0.0 && choice.tau <= 1.0))
        throw InputError("tau must be in (0, 1]; got " + std::to_string(choice.tau));
    for (const auto& [name, action] : choice.actions)
        if (std::find(sourceColumns.begin(), sourceColumns.end(), name) == sourceColumns.end())
            throw InputError("release: the table has no column '" + name + "'");

    ReleaseSummary s;
    s.policy = policyText(analysis.spec.policy);
    s.loadedRows = analysis.loadedRows;
    s.droppedRows = analysis.droppedRows;
    s.releasedRows = analysis.keptRows();
    if (several) { // the records complete in every sensitive attribute's table
        s.loadedRows = several->all.loadedRows;
        s.droppedRows = several->all.droppedRows;
        s.releasedRows = several->all.keptRows();
        s.targets = several->spec.targets;
    }
    s.mode = choice.mode;
    s.tau = choice.tau;

    std::vector<double> axisP(static_cast<std::size_t>(analysis.axisCount()), 1.0);
    std::vector<double> allP(several ? several->all.names.size() : 0, 1.0);
    std::vector<DistortionMatrix> randomizedMatrices;
    bool droppedAnalysed = false;
    for (const std::string& name : sourceColumns) {
        ReleaseColumn c;
        c.name = name;
        c.role = roleOf(analysis.spec, several, name);
        const auto found = choice.actions.find(name);
        c.action = found == choice.actions.end() ? ReleaseAction::Drop : found->second;
        const ColumnAxis at = columnAxis(analysis, several, name);
        const int axis = at.axis;
        if (axis >= 0 && c.action != ReleaseAction::Drop) {
            c.categories = at.table->categories[static_cast<std::size_t>(axis)];
            c.d = at.table->dims[static_cast<std::size_t>(axis)];
        }
        if (axis >= 0 && c.action == ReleaseAction::Drop)
            droppedAnalysed = true;
        if (c.action == ReleaseAction::KeepClear && axis < 0)
            s.warnings.push_back("column '" + name +
                                 "' is kept in clear but is not a quasi-identifier: the risk shown does not "
                                 "account for it; drop it or give it a role if an attacker may know it");
        if (c.action == ReleaseAction::Randomize) {
            if (axis < 0)
                throw InputError("column '" + name +
                                 "' cannot be randomized: only quasi-identifiers, sensitive attributes and what "
                                 "their attackers know are (their risk is modelled); keep it in clear or drop it");
            const auto pk = choice.p.find(name);
            if (pk == choice.p.end())
                throw InputError("column '" + name + "' is randomized but has no p");
            checkRetention(name, c.d, pk->second);
            c.p = pk->second;
            const DistortionMatrix m = DistortionMatrix::warner(c.d, c.p);
            c.q = m.q();
            c.epsilon = epsilon(m);
            if (const int own = analysis.axisOf(name); own >= 0)
                axisP[static_cast<std::size_t>(own)] = c.p;
            if (several)
                allP[static_cast<std::size_t>(axis)] = c.p;
            randomizedMatrices.push_back(m);
        }
        s.columns.push_back(std::move(c));
    }
    if (s.releasedNames().empty())
        throw InputError("release: every column is dropped; keep or randomize at least one");
    if (droppedAnalysed)
        s.warnings.push_back("an analysed column is dropped: the risk shown counts it as released in clear, so it "
                             "is an upper bound");
    if (randomizedMatrices.empty())
        s.warnings.push_back("no column is randomized: the table would leave as it is");

    DisclosureRiskModel model = analysis.model;
    const Eigen::VectorXd& risk = model.evaluateWarner(axisP); // 003 eq. 5.6
    s.risk = summarizeRisk(risk, analysis.joint, choice.tau);
    if (several) { // each sensitive attribute over its own table; a record's risk is its largest (issue 22)
        s.several = severalSensitiveRisk(*several, allP, choice.tau);
        s.risk = s.several->overall;
    }
    s.meetsTau = meetsThreshold(s.risk.maxRisk, choice.tau);
    s.reidentification = reidentificationStep(analysis, analysis.matrices(axisP), ReidentificationRequest{});
    if (randomizedMatrices.empty())
        s.recordEpsilon = EpsilonValue{0, false, "no column is randomized"};
    else
        s.recordEpsilon = combinedEpsilon(randomizedMatrices);
    return s;
}

Table releaseTable(const Table& records, const ReleaseSummary& summary, const AnalysisSpec& spec, RandomSource& rng,
                   RandomizationReport* report)
{
    const RowSelection kept = selectRows(records, records.attributeIndices(spec.allAttributes()), spec.policy);
    if (kept.rows.size() != summary.releasedRows)
        throw InputError("release: the records changed since the summary (" + std::to_string(kept.rows.size()) +
                         " kept now, " + std::to_string(summary.releasedRows) + " in the summary); review it again");
    const Table subset = subsetRows(records, kept.rows);
    Table out;
    out.weights = subset.weights;
    std::map<int, DistortionMatrix> matrices;
    for (const ReleaseColumn& c : summary.columns) {
        if (c.action == ReleaseAction::Drop)
            continue;
        const Attribute& a = subset.attributes[static_cast<std::size_t>(subset.attributeIndex(c.name))];
        if (c.action == ReleaseAction::Randomize) {
            // Warner matrices treat every category alike, so the order of the categories does not matter;
            // the set must be the summary's.
            const std::set<std::string> now(a.categories.begin(), a.categories.end());
            if (now != std::set<std::string>(c.categories.begin(), c.categories.end()))
                throw InputError("release: the categories of '" + c.name + "' changed since the summary");
            matrices.emplace(static_cast<int>(out.attributes.size()), DistortionMatrix::warner(c.d, c.p));
        }
        out.attributes.push_back(a);
    }
    return randomizeTable(out, matrices, rng, report);
}

ReleaseFiles releaseFilesFor(const std::string& tablePath)
{
    std::filesystem::path base(tablePath);
    std::string ext = base.extension().string();
    for (char& c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".csv" || ext == ".sav" || ext == ".dta" || ext == ".xpt") // the table's own extension
        base.replace_extension();
    return {tablePath, base.string() + ".note.json", base.string() + ".note.html"};
}

std::vector<std::string> existingTargets(const ReleaseFiles& files)
{
    std::vector<std::string> out;
    for (const std::string& f : {files.table, files.noteJson, files.noteHtml}) {
        std::error_code ec;
        if (std::filesystem::exists(std::filesystem::symlink_status(f, ec)))
            out.push_back(f);
    }
    return out;
}

std::string releaseNoteJson(const ReleaseSummary& summary, const RandomizationReport& report,
                            const std::string& generator, const ReleaseFiles& files, const std::string& source,
                            bool randomOrder)
{
    Json j;
    j["kind"] = "rr-explorer release note";
    j["source"] = source;
    j["table"] = fileName(files.table);
    j["generator"] = generator;
    j["mode"] = modeLabel(summary.mode);
    j["missing_policy"] = summary.policy;
    j["rows"] = {
        {"loaded", summary.loadedRows}, {"dropped_by_missing_policy", summary.droppedRows}, {"released", report.rows}};
    j["changed_values"] = report.changedValues;
    j["record_order"] = {{"random", randomOrder}, {"note", releaseOrderText(randomOrder)}};
    Json columns = Json::array();
    for (const ReleaseColumn& c : summary.columns) {
        Json col{{"name", c.name}, {"role", c.role}, {"release", toString(c.action)}};
        if (c.action == ReleaseAction::Randomize) {
            col["p"] = c.p;
            col["epsilon"] = epsilonJson(c.epsilon);
        }
        columns.push_back(col);
    }
    j["columns"] = columns;
    j["risk"] = {{"tau", summary.tau},
                 {"max", summary.risk.maxRisk},
                 {"mean", summary.risk.meanRisk},
                 {"records_over_tau", summary.risk.recordsOverTau},
                 {"meets_tau", summary.meetsTau}};
    if (summary.several) { // issue 22: each sensitive attribute, with what its attacker knows
        Json targets = Json::array();
        for (std::size_t k = 0; k < summary.targets.size() && k < summary.several->perTarget.size(); ++k) {
            const RiskSummary& r = summary.several->perTarget[k];
            targets.push_back({{"attribute", summary.targets[k].attribute},
                               {"knows", summary.targets[k].knows},
                               {"max", r.maxRisk},
                               {"mean", r.meanRisk},
                               {"records_over_tau", r.recordsOverTau},
                               {"records_set", summary.several->recordsSetBy[k]}});
        }
        j["risk"]["per_sensitive_attribute"] = std::move(targets);
        j["risk"]["note"] = "max, mean and records_over_tau are each record's largest risk over the sensitive "
                            "attributes";
    }
    j["record_epsilon"] = epsilonJson(summary.recordEpsilon);
    if (summary.reidentification.risk)
        j["reidentification"] = reidentificationJson(*summary.reidentification.risk);
    else
        j["reidentification"] = {{"unavailable", summary.reidentification.unavailable}};
    // Column v of a matrix is Pr(released u | original v) (003 eq. 2.1); Warner: p on the diagonal (eq. 5.2).
    Json matrices = Json::array();
    for (const ReleaseColumn* c : summary.randomized()) {
        Json m{{"attribute", c->name},       {"kind", "warner"}, {"d", c->d}, {"p", c->p}, {"q", c->q},
               {"categories", c->categories}};
        if (c->d <= kNoteMatrixMaxCategories) {
            const Eigen::MatrixXd dense = DistortionMatrix::warner(c->d, c->p).matrix(c->name);
            Json rows = Json::array();
            for (Eigen::Index u = 0; u < dense.rows(); ++u) {
                Json row = Json::array();
                for (Eigen::Index v = 0; v < dense.cols(); ++v)
                    row.push_back(dense(u, v));
                rows.push_back(row);
            }
            m["matrix"] = rows;
        }
        matrices.push_back(m);
    }
    j["matrices"] = matrices;
    j["warnings"] = summary.warnings;
    return j.dump(2) + "\n";
}

std::string releaseMatricesHtml(const ReleaseSummary& summary)
{
    std::ostringstream h;
    h << "<h2>Distortion matrices</h2>\n<p>Entry (u, v) is the probability that original value v is released as "
         "u: p on the diagonal, q = (1 - p)/(d - 1) elsewhere.</p>\n";
    for (const ReleaseColumn* c : summary.randomized()) {
        h << "<h3>" << htmlEscape(c->name) << " (d = " << c->d << ", p = " << fixed(c->p, 4)
          << ", q = " << fixed(c->q, 6) << ")</h3>\n";
        if (c->d > kNoteMatrixMaxCategories) {
            h << "<p>Too many categories to print the matrix; p and q define it.</p>\n";
            continue;
        }
        h << "<table><tr><th>released \\ original</th>";
        for (const std::string& v : c->categories)
            h << "<th>" << htmlEscape(v) << "</th>";
        h << "</tr>\n";
        for (std::size_t u = 0; u < c->categories.size(); ++u) {
            h << "<tr><th>" << htmlEscape(c->categories[u]) << "</th>";
            for (std::size_t v = 0; v < c->categories.size(); ++v)
                h << "<td>" << fixed(u == v ? c->p : c->q, 4) << "</td>";
            h << "</tr>\n";
        }
        h << "</table>\n";
    }
    return h.str();
}

std::string releaseNoteHtml(const ReleaseSummary& summary, const RandomizationReport& report,
                            const std::string& generator, const ReleaseFiles& files, const std::string& source,
                            bool randomOrder)
{
    std::ostringstream h;
    h << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Release note: "
      << htmlEscape(fileName(files.table))
      << "</title>\n<style>body{font-family:sans-serif;max-width:60em}table{border-collapse:collapse}"
         "td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}th:first-child,td:first-child{text-align:left}"
         "</style></head><body>\n";
    h << "<h1>Release note: " << htmlEscape(fileName(files.table)) << "</h1>\n";
    h << "<p>Source: " << htmlEscape(source) << "<br>Generator: " << htmlEscape(generator)
      << "<br>Mode: " << htmlEscape(modeLabel(summary.mode)) << "</p>\n";
    h << "<p>" << report.rows << " records released of " << summary.loadedRows << " loaded; " << summary.droppedRows
      << " dropped because " << htmlEscape(summary.policy) << ". " << report.changedValues
      << " values changed by randomization.</p>\n";
    h << "<p>" << (randomOrder ? "" : "<strong>Warning:</strong> ") << "Record order: "
      << htmlEscape(releaseOrderText(randomOrder)) << ".</p>\n";
    h << "<h2>Columns</h2>\n<table><tr><th>column</th><th>role</th><th>release</th><th>p</th><th>&epsilon;</th></tr>\n";
    for (const ReleaseColumn& c : summary.columns) {
        h << "<tr><td>" << htmlEscape(c.name) << "</td><td>" << c.role << "</td><td>" << toString(c.action) << "</td>";
        if (c.action == ReleaseAction::Randomize)
            h << "<td>" << fixed(c.p, 3) << "</td><td>" << htmlEscape(epsilonText(c.epsilon)) << "</td>";
        else
            h << "<td></td><td></td>";
        h << "</tr>\n";
    }
    h << "</table>\n<h2>Disclosure risk</h2>\n<p>Largest probability that an attacker who knows a person's "
         "quasi-identifier values guesses the sensitive value right, after randomization (Pr(S<sub>r</sub> | "
         "QI<sub>r</sub>)): "
      << fixed(summary.risk.maxRisk, 4) << " (tau = " << fixed(summary.tau, 4) << ", "
      << (summary.meetsTau ? "met" : "NOT met") << "); " << fixed(summary.risk.recordsOverTau, 0)
      << " records over tau. Epsilon per record: " << htmlEscape(epsilonText(summary.recordEpsilon)) << ".</p>\n";
    if (summary.several) { // issue 22
        h << "<p>Several sensitive attributes: each one's risk given what its attacker knows; the figures above "
             "are each record's largest.</p>\n<table><tr><th>sensitive attribute</th><th>attacker knows besides "
             "the quasi-identifiers</th><th>max</th><th>mean</th><th>records over tau</th></tr>\n";
        for (std::size_t k = 0; k < summary.targets.size() && k < summary.several->perTarget.size(); ++k) {
            std::string knows;
            for (const std::string& x : summary.targets[k].knows)
                knows += (knows.empty() ? "" : ", ") + htmlEscape(x);
            const RiskSummary& r = summary.several->perTarget[k];
            h << "<tr><td>" << htmlEscape(summary.targets[k].attribute) << "</td><td>" << knows << "</td><td>"
              << fixed(r.maxRisk, 4) << "</td><td>" << fixed(r.meanRisk, 4) << "</td><td>"
              << fixed(r.recordsOverTau, 0) << "</td></tr>\n";
        }
        h << "</table>\n";
    }
    h << "<h2>Re-identification risk</h2>\n<p>";
    if (const auto& r = summary.reidentification.risk)
        h << "Chance that an attacker who knows a person's quasi-identifiers, and that the person is in the release, "
             "picks the person's own record among the released records with those values: largest "
          << fixed(r->randomized.max, 4) << " (original data " << fixed(r->original.max, 4) << "), mean "
          << fixed(r->randomized.mean, 5) << " (original " << fixed(r->original.mean, 5) << "); "
          << fixed(100 * r->randomized.aboveThreshold, 2) << "% of the records above " << r->threshold << ".";
    else
        h << "Not computed: " << htmlEscape(summary.reidentification.unavailable);
    h << "</p>\n";
    if (!summary.warnings.empty()) {
        h << "<ul>";
        for (const std::string& w : summary.warnings)
            h << "<li>" << htmlEscape(w) << "</li>";
        h << "</ul>\n";
    }
    h << releaseMatricesHtml(summary);
    h << "</body></html>\n";
    return h.str();
}

namespace {
ReleasePlan planOf(const DataSource& source, const ReleaseSummary& summary, const AnalysisSpec& spec,
                   const std::string& missingToken, bool keepOrder);
std::function<void(const StreamReleaseReport&)> unchangedSince(const ReleaseSummary& summary);
} // namespace

ReleaseOutcome writeRelease(const DataSource& source, const ReleaseSummary& summary, const AnalysisSpec& spec,
                            const ReleaseFiles& files, RandomSource& rng, bool replaceExisting,
                            const std::vector<std::string>& inputPaths, const std::string& sourceName,
                            const std::string& missingToken, bool keepOrder, const ProgressFunction& progress,
                            ReleaseTarget* table)
{
    if (!rng.isSecure())
        throw InputError("a release must be drawn from the operating system's CSPRNG; a seeded generator is for "
                         "previews only");
    const std::vector<std::string> targets = {files.table, files.noteJson, files.noteHtml};
    for (std::size_t i = 0; i < targets.size(); ++i) {
        if (targets[i].empty())
            throw InputError("release: a target file name is empty");
        for (std::size_t k = 0; k < i; ++k)
            if (targets[k] == targets[i])
                throw InputError("release: '" + targets[i] + "' is named twice");
        for (const std::string& in : inputPaths) {
            std::error_code ec;
            if (targets[i] == in || std::filesystem::equivalent(targets[i], in, ec))
                throw InputError("release: '" + targets[i] + "' is an input file; choose another name");
        }
    }
    if (!replaceExisting) {
        const auto existing = existingTargets(files);
        if (!existing.empty())
            throw InputError("release: '" + existing.front() +
                             "' exists already; choose another name or confirm "
                             "replacing it");
    }
    const ReleasePlan plan = planOf(source, summary, spec, missingToken, keepOrder);
    ReleaseOutcome outcome;
    outcome.files = files;
    outcome.randomOrder = !keepOrder;
    const auto notes = [&](const StreamReleaseReport& r) {
            outcome.report = r.randomization;
            outcome.generator = r.generator;
            const std::string json =
                releaseNoteJson(summary, r.randomization, outcome.generator, files, sourceName, !keepOrder);
            const std::string html =
                releaseNoteHtml(summary, r.randomization, outcome.generator, files, sourceName, !keepOrder);
            return std::vector<FileWrite>{{files.noteJson, [json](std::ostream& o) { o << json; }},
                                          {files.noteHtml, [html](std::ostream& o) { o << html; }}};
    };
    const StreamReleaseReport report =
        table ? streamRelease(source, plan, rng, *table, unchangedSince(summary), notes, progress)
              : streamRelease(source, plan, rng, files.table, unchangedSince(summary), notes, progress);
    outcome.report = report.randomization;
    return outcome;
}

ReleaseOutcome writeReleaseTo(ReleaseTarget& target, const DataSource& source, const ReleaseSummary& summary,
                              const AnalysisSpec& spec, RandomSource& rng, bool keepOrder,
                              const ProgressFunction& progress)
{
    if (!rng.isSecure())
        throw InputError("a release must be drawn from the operating system's CSPRNG; a seeded generator is for "
                         "previews only");
    ReleaseOutcome outcome;
    outcome.files.table = target.name();
    outcome.randomOrder = !keepOrder;
    const StreamReleaseReport report = streamRelease(source, planOf(source, summary, spec, "?", keepOrder), rng,
                                                     target, unchangedSince(summary), {}, progress);
    outcome.report = report.randomization;
    outcome.generator = report.generator;
    return outcome;
}

namespace {

ReleasePlan planOf(const DataSource& source, const ReleaseSummary& summary, const AnalysisSpec& spec,
                   const std::string& missingToken, bool keepOrder)
{
    // The plan: each source column dropped, in clear or through its Warner matrix (003 eq. 5.2); a record
    // is released when the missing-value policy keeps it (every column, or the analysed ones).
    ReleasePlan plan;
    plan.missingToken = missingToken;
    plan.keepOrder = keepOrder;
    for (const std::string& name : source.attributeNames()) {
        ColumnRelease col;
        col.dropIfMissing = spec.dropsIfMissing(name);
        for (const ReleaseColumn& c : summary.columns) {
            if (c.name != name)
                continue;
            if (c.action == ReleaseAction::KeepClear)
                col.action = ColumnRelease::Action::Clear;
            if (c.action == ReleaseAction::Randomize) {
                col.action = ColumnRelease::Action::Randomize;
                col.categories = c.categories;
                col.matrix = DistortionMatrix::warner(c.d, c.p);
            }
        }
        plan.columns.push_back(std::move(col));
    }
    return plan;
}

// Refuses records that changed since the summary the owner reviewed.
std::function<void(const StreamReleaseReport&)> unchangedSince(const ReleaseSummary& summary)
{
    return [released = summary.releasedRows](const StreamReleaseReport& r) {
        if (r.randomization.rows != released)
            throw InputError("release: the records changed since the summary (" + std::to_string(r.randomization.rows) +
                             " kept now, " + std::to_string(released) + " in the summary); review it again");
    };
}

} // namespace

} // namespace rr
