#include "core/release/ReleaseNotes.h"

#include "core/release/StreamRelease.h"
#include "core/distortion/DistortionMatrix.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <sstream>

#include <pwd.h>
#include <unistd.h>

namespace rr {
namespace {

using Json = nlohmann::ordered_json;

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

// How an analyst estimates the original from the released table with the public note alone (003 eq. 2.4 with
// a Warner matrix, whose inverse is closed-form; the variance of a multinomial share through it).
const char* const kReconstructSingle =
    "Count each randomized column's released values and divide by the number of records: lambda[u]. The "
    "estimate of the original share of category v is (lambda[v] - q) / (p - q), with the column's p and q "
    "(its matrix P inverted). Estimates of rare categories can fall below 0: that is sampling noise.";
const char* const kReconstructVariance =
    "The variance of that estimate is about lambda[v] (1 - lambda[v]) / (n (p - q)^2), n the number of "
    "records; a 95% range is the estimate plus or minus 1.96 times its square root.";
const char* const kReconstructSeveral =
    "For the joint table of several randomized columns, apply each column's inverse along its own axis (the "
    "inverse of the Kronecker product of their matrices); columns kept in clear are counted as they are.";

const char* const kReconstructMatrix =
    "A column whose kind is \"matrix\" was drawn through the matrix given (column v: the chances of each "
    "released value when the original is v): its estimate solves matrix * pi = lambda (003 eq. 2.4).";

Json denseJson(const Eigen::MatrixXd& dense)
{
    Json rows = Json::array();
    for (Eigen::Index u = 0; u < dense.rows(); ++u) {
        Json row = Json::array();
        for (Eigen::Index v = 0; v < dense.cols(); ++v)
            row.push_back(dense(u, v));
        rows.push_back(row);
    }
    return rows;
}

// One randomized column's matrix: Warner's by p and q (dense up to kNoteMatrixMaxCategories), or the one given.
Json matrixJson(const ReleaseColumn& c)
{
    if (c.matrix) // an analyst cannot reconstruct without it, whatever its size
        return {{"attribute", c.name}, {"kind", "matrix"}, {"d", c.d}, {"epsilon", epsilonJson(c.epsilon)},
                {"categories", c.categories}, {"matrix", denseJson(*c.matrix)}};
    Json m{{"attribute", c.name}, {"kind", "warner"}, {"d", c.d},          {"p", c.p},
           {"q", c.q},            {"epsilon", epsilonJson(c.epsilon)}, {"categories", c.categories}};
    if (c.d <= kNoteMatrixMaxCategories)
        m["matrix"] = denseJson(DistortionMatrix::warner(c.d, c.p).matrix(c.name));
    return m;
}

// What both notes say of the released columns and how to read them.
Json publicPart(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                bool randomOrder)
{
    Json j;
    j["table"] = fileName(files.table);
    if (!files.alsoAs.empty()) { // one draw in several formats: publishing them all is still one release
        Json same = Json::array();
        for (const std::string& f : files.alsoAs)
            same.push_back(fileName(f));
        j["same_records_in"] = same;
    }
    j["records"] = report.rows;
    j["record_order"] = {{"random", randomOrder}, {"note", releaseOrderText(randomOrder)}};
    Json columns = Json::array();
    for (const ReleaseColumn& c : summary.columns)
        if (c.action != ReleaseAction::Drop)
            columns.push_back({{"name", c.name}, {"release", toString(c.action)}});
    j["columns"] = columns;
    j["record_epsilon"] = epsilonJson(summary.recordEpsilon);
    // Column v of a matrix is Pr(released u | original v) (003 eq. 2.1); Warner: p on the diagonal (eq. 5.2).
    Json matrices = Json::array();
    bool givenMatrix = false;
    for (const ReleaseColumn* c : summary.randomized()) {
        matrices.push_back(matrixJson(*c));
        givenMatrix = givenMatrix || c->matrix.has_value();
    }
    j["matrices"] = matrices;
    j["reconstruction"] = {
        {"one_column", kReconstructSingle}, {"variance", kReconstructVariance}, {"several_columns", kReconstructSeveral}};
    if (givenMatrix)
        j["reconstruction"]["given_matrix"] = kReconstructMatrix;
    return j;
}

std::string htmlHead(const std::string& title)
{
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + htmlEscape(title) +
           "</title>\n<style>body{font-family:sans-serif;max-width:60em}table{border-collapse:collapse}"
           "td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}th:first-child,td:first-child{text-align:left}"
           "</style></head><body>\n<h1>" +
           htmlEscape(title) + "</h1>\n";
}

// The public content in HTML: records, order, columns, epsilon, how to reconstruct, the matrices.
std::string publicPartHtml(const ReleaseSummary& summary, const RandomizationReport& report, bool randomOrder)
{
    std::ostringstream h;
    h << "<p>" << report.rows << " records. " << (randomOrder ? "" : "<strong>Warning:</strong> ")
      << "Record order: " << htmlEscape(releaseOrderText(randomOrder)) << ".</p>\n";
    h << "<h2>Columns</h2>\n<table><tr><th>column</th><th>release</th><th>d</th><th>p</th><th>q</th>"
         "<th>&epsilon;</th></tr>\n";
    for (const ReleaseColumn& c : summary.columns) {
        if (c.action == ReleaseAction::Drop)
            continue;
        h << "<tr><td>" << htmlEscape(c.name) << "</td><td>" << toString(c.action) << "</td>";
        if (c.action == ReleaseAction::Randomize)
            h << "<td>" << c.d << "</td><td>" << fixed(c.p, 4) << "</td><td>" << fixed(c.q, 6) << "</td><td>"
              << htmlEscape(epsilonText(c.epsilon)) << "</td>";
        else
            h << "<td></td><td></td><td></td><td></td>";
        h << "</tr>\n";
    }
    h << "</table>\n<p>Epsilon per record (the randomized columns together): "
      << htmlEscape(epsilonText(summary.recordEpsilon)) << ".</p>\n";
    h << "<h2>How to estimate the original distribution</h2>\n<p>" << kReconstructSingle << "</p>\n<p>"
      << kReconstructVariance << "</p>\n<p>" << kReconstructSeveral << "</p>\n";
    h << releaseMatricesHtml(summary);
    return h.str();
}

std::string text(const char* value, const char* otherwise)
{
    return value && *value ? value : otherwise;
}

} // namespace

AuditStamp auditStampNow()
{
    AuditStamp s;
    const passwd* pw = getpwuid(geteuid()); // the account, not a variable anyone can set
    s.user = pw && pw->pw_name && *pw->pw_name ? pw->pw_name : text(std::getenv("USER"), "unknown");
    char host[256] = {};
    s.host = gethostname(host, sizeof host - 1) == 0 ? text(host, "unknown") : "unknown";
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
    s.utc = when;
    return s;
}

std::string publicNoteJson(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                           bool randomOrder)
{
    Json j;
    j["kind"] = "rr-explorer public release note";
    j.update(publicPart(summary, report, files, randomOrder));
    return j.dump(2) + "\n";
}

std::string publicNoteHtml(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                           bool randomOrder)
{
    return htmlHead("Release note: " + fileName(files.table)) + publicPartHtml(summary, report, randomOrder) +
           "</body></html>\n";
}

// {attribute: {"prior": {"value", "share"}, "groups": {"max", "mean", "records_over_tau"}}} (issue 46).
static Json inferenceJson(const ReleaseSummary& summary)
{
    Json out = Json::object();
    for (const SensitiveInference& i : summary.inference) {
        const ShareInference& f = i.inference;
        out[i.attribute] = {
            {"prior", {{"value", i.values.empty() ? std::string() : i.values[static_cast<std::size_t>(f.priorValue)]},
                       {"share", f.priorShare}}},
            {"groups", {{"max", f.groupsMax}, {"mean", f.groupsMean}, {"records_over_tau", f.recordsOverTau}}}};
    }
    return out;
}

std::string auditNoteJson(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                          bool randomOrder, const AuditContext& audit)
{
    Json j;
    j["kind"] = "rr-explorer release audit note (internal: do not publish)";
    j["released_by"] = audit.stamp.user;
    j["host"] = audit.stamp.host;
    j["released_at_utc"] = audit.stamp.utc;
    j["source"] = audit.source;
    j["public_note"] = {fileName(files.noteJson), fileName(files.noteHtml)};
    j["generator"] = audit.generator;
    j["mode"] = modeLabel(summary.mode);
    j["missing_policy"] = summary.policy;
    j["rows"] = {
        {"loaded", summary.loadedRows}, {"dropped_by_missing_policy", summary.droppedRows}, {"released", report.rows}};
    j["changed_values"] = report.changedValues;
    Json roles = Json::array();
    for (const ReleaseColumn& c : summary.columns)
        roles.push_back({{"name", c.name}, {"role", c.role}, {"release", toString(c.action)}});
    j["source_columns"] = roles;
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
    j["inference"] = inferenceJson(summary);
    if (summary.reidentification.risk)
        j["reidentification"] = reidentificationJson(*summary.reidentification.risk);
    else
        j["reidentification"] = {{"unavailable", summary.reidentification.unavailable}};
    j["warnings"] = summary.warnings;
    if (!summary.previousReleases.empty())
        j.update(Json::parse(summary.previousReleases)); // previous_releases, combined_epsilon, combined_risk
    j["published"] = publicPart(summary, report, files, randomOrder);
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

namespace {

// Several sensitive attributes (issue 22): each one's risk given what its attacker knows.
void severalSensitiveHtml(std::ostream& h, const ReleaseSummary& summary)
{
    h << "<p>Several sensitive attributes: each one's risk given what its attacker knows; the figures above "
         "are each record's largest.</p>\n<table><tr><th>sensitive attribute</th><th>attacker knows besides "
         "the quasi-identifiers</th><th>max</th><th>mean</th><th>records over tau</th></tr>\n";
    for (std::size_t k = 0; k < summary.targets.size() && k < summary.several->perTarget.size(); ++k) {
        std::string knows;
        for (const std::string& x : summary.targets[k].knows)
            knows += (knows.empty() ? "" : ", ") + htmlEscape(x);
        const RiskSummary& r = summary.several->perTarget[k];
        h << "<tr><td>" << htmlEscape(summary.targets[k].attribute) << "</td><td>" << knows << "</td><td>"
          << fixed(r.maxRisk, 4) << "</td><td>" << fixed(r.meanRisk, 4) << "</td><td>" << fixed(r.recordsOverTau, 0)
          << "</td></tr>\n";
    }
    h << "</table>\n";
}

// The re-identification risk of the release beside the original data's, or why it was not computed.
void reidentificationHtml(std::ostream& h, const ReleaseSummary& summary)
{
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
}

} // namespace

std::string auditNoteHtml(const ReleaseSummary& summary, const RandomizationReport& report, const ReleaseFiles& files,
                          bool randomOrder, const AuditContext& audit)
{
    std::ostringstream h;
    h << htmlHead("Release audit note: " + fileName(files.table));
    h << "<p><strong>Internal: do not publish.</strong> The public note is " << htmlEscape(fileName(files.noteHtml))
      << ".</p>\n";
    h << "<p>Released by " << htmlEscape(audit.stamp.user) << " on " << htmlEscape(audit.stamp.host) << " at "
      << htmlEscape(audit.stamp.utc) << ".<br>Source: " << htmlEscape(audit.source)
      << "<br>Generator: " << htmlEscape(audit.generator) << "<br>Mode: " << htmlEscape(modeLabel(summary.mode))
      << "</p>\n";
    h << "<p>" << report.rows << " records released of " << summary.loadedRows << " loaded; " << summary.droppedRows
      << " dropped because " << htmlEscape(summary.policy) << ". " << report.changedValues
      << " values changed by randomization.</p>\n";
    h << "<h2>Source columns</h2>\n<table><tr><th>column</th><th>role</th><th>release</th></tr>\n";
    for (const ReleaseColumn& c : summary.columns)
        h << "<tr><td>" << htmlEscape(c.name) << "</td><td>" << c.role << "</td><td>" << toString(c.action)
          << "</td></tr>\n";
    h << "</table>\n<h2>Disclosure risk</h2>\n<p>What linking a person to the released records reveals beyond "
         "chance, at its largest over the records: "
      << fixed(summary.risk.maxRisk, 4) << " (tau = " << fixed(summary.tau, 4) << ", "
      << (summary.meetsTau ? "met" : "NOT met") << "); " << fixed(summary.risk.recordsOverTau, 0)
      << " records over tau.</p>\n";
    if (summary.several) // issue 22
        severalSensitiveHtml(h, summary);
    h << "<h2>What the published shares reveal</h2>\n";
    for (const SensitiveInference& i : summary.inference)
        h << "<p>" << htmlEscape(shareInferenceSentence(i.inference, i.attribute, i.values)) << "</p>\n";
    reidentificationHtml(h, summary);
    if (!summary.warnings.empty()) {
        h << "<ul>";
        for (const std::string& w : summary.warnings)
            h << "<li>" << htmlEscape(w) << "</li>";
        h << "</ul>\n";
    }
    h << "<h2>What the public note says</h2>\n" << publicPartHtml(summary, report, randomOrder);
    h << "</body></html>\n";
    return h.str();
}

ReleaseSummary plannedReleaseSummary(const ReleasePlan& plan, const std::vector<std::string>& columns)
{
    ReleaseSummary s;
    std::vector<DistortionMatrix> matrices;
    for (std::size_t k = 0; k < plan.columns.size() && k < columns.size(); ++k) {
        const ColumnRelease& planned = plan.columns[k];
        ReleaseColumn c;
        c.name = columns[k];
        c.action = planned.action == ColumnRelease::Action::Randomize ? ReleaseAction::Randomize
                   : planned.action == ColumnRelease::Action::Drop    ? ReleaseAction::Drop
                                                                      : ReleaseAction::KeepClear;
        if (c.action == ReleaseAction::Randomize && planned.matrix) {
            const DistortionMatrix& m = *planned.matrix;
            c.categories = planned.categories;
            c.d = static_cast<int>(c.categories.size());
            c.epsilon = epsilon(m);
            if (m.isWarner()) {
                c.p = m.retention();
                c.q = m.q();
            } else {
                c.matrix = m.matrix(c.name);
            }
            matrices.push_back(m);
        }
        s.columns.push_back(std::move(c));
    }
    s.recordEpsilon = matrices.empty() ? EpsilonValue{0, false, "no column is randomized"} : combinedEpsilon(matrices);
    return s;
}

} // namespace rr
