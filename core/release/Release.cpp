#include "core/release/Release.h"

#include "core/release/ReleaseNotes.h"

#include "core/release/StreamRelease.h"

#include "core/analysis/Retention.h"
#include "core/data/AtomicWrite.h"
#include "core/data/CsvWriter.h"
#include "core/data/Errors.h"
#include "core/risk/TargetMeaning.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>
#include <string_view>
#include <unordered_map>
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

std::string SensitiveInference::groupLabel(std::size_t group) const
{
    std::vector<std::string> values(groupAttributes.size());
    for (std::size_t k = groupAttributes.size(); k-- > 0;) {
        const auto& cats = groupAttributeValues[k];
        values[k] = cats.empty() ? std::string() : cats[group % cats.size()];
        group /= cats.empty() ? 1 : cats.size();
    }
    std::string out;
    for (std::size_t k = 0; k < values.size(); ++k)
        out += (k ? ", " : "") + groupAttributes[k] + " = " + values[k];
    return out;
}

SensitiveInference sensitiveInference(const PreparedTable& table, double tau)
{
    SensitiveInference out;
    out.attribute = table.names.back();
    out.values = table.categories.back();
    out.groupAttributes.assign(table.names.begin(), table.names.end() - 1);
    out.groupAttributeValues.assign(table.categories.begin(), table.categories.end() - 1);
    out.inference = shareInference(table.joint, tau);
    return out;
}

namespace {

// Each sensitive attribute's inference, and a warning for one left in clear beside randomized columns (issue 46).
void addInference(ReleaseSummary& s, const PreparedAnalysis& analysis, const SeveralSensitiveAnalysis* several,
                  bool anyRandomized)
{
    if (several)
        for (const auto& t : several->perTarget)
            s.inference.push_back(sensitiveInference(*t, s.tau));
    else
        s.inference.push_back(sensitiveInference(analysis, s.tau));
    if (!anyRandomized)
        return;
    for (const SensitiveInference& i : s.inference)
        for (const ReleaseColumn& c : s.columns)
            if (c.name == i.attribute && c.action == ReleaseAction::KeepClear)
                s.warnings.push_back(sensitiveInClearWarning(i.attribute));
}

// The p's the release gives the analysed axes (1: not randomized) and the Warner matrices of the randomized
// columns, gathered column by column.
struct ReleaseRandomization {
    std::vector<double> axisP; // per axis of the analysis
    std::vector<double> allP;  // per axis of every sensitive attribute's table (several)
    std::vector<DistortionMatrix> matrices;
    bool droppedAnalysed = false;
};

// The choice must name columns of the table and a tau in (0, 1].
void checkChoice(const ReleaseChoice& choice, const std::vector<std::string>& sourceColumns)
{
    if (!(choice.tau > 0.0 && choice.tau <= 1.0))
        throw InputError("tau must be in (0, 1]; got " + std::to_string(choice.tau));
    for (const auto& [name, action] : choice.actions)
        if (std::find(sourceColumns.begin(), sourceColumns.end(), name) == sourceColumns.end())
            throw InputError("release: the table has no column '" + name + "'");
}

// The rows the release holds (those complete in every sensitive attribute's table, with several), its mode
// and tau.
ReleaseSummary summaryOfRows(const PreparedAnalysis& analysis, const ReleaseChoice& choice,
                             const SeveralSensitiveAnalysis* several)
{
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
    return s;
}

// A randomized column (on `axis` of its table): its p checked, its Warner matrix's q and epsilon.
void randomizeColumn(ReleaseColumn& c, int axis, const PreparedAnalysis& analysis,
                     const SeveralSensitiveAnalysis* several, const ReleaseChoice& choice, ReleaseRandomization& rz)
{
    if (axis < 0)
        throw InputError("column '" + c.name +
                         "' cannot be randomized: only quasi-identifiers, sensitive attributes and what "
                         "their attackers know are (their risk is modelled); keep it in clear or drop it");
    const auto pk = choice.p.find(c.name);
    if (pk == choice.p.end())
        throw InputError("column '" + c.name + "' is randomized but has no p");
    checkRetention(c.name, c.d, pk->second);
    c.p = pk->second;
    const DistortionMatrix m = DistortionMatrix::warner(c.d, c.p);
    c.q = m.q();
    c.epsilon = epsilon(m);
    if (const int own = analysis.axisOf(c.name); own >= 0)
        rz.axisP[static_cast<std::size_t>(own)] = c.p;
    if (several)
        rz.allP[static_cast<std::size_t>(axis)] = c.p;
    rz.matrices.push_back(m);
}

// A source column as the choice releases it: its role and action, its categories when analysed.
ReleaseColumn releaseColumn(const std::string& name, const PreparedAnalysis& analysis,
                            const SeveralSensitiveAnalysis* several, const ReleaseChoice& choice, ReleaseSummary& s,
                            ReleaseRandomization& rz)
{
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
        rz.droppedAnalysed = true;
    if (c.action == ReleaseAction::KeepClear && axis < 0)
        s.warnings.push_back("column '" + name +
                             "' is kept in clear but is not a quasi-identifier: the risk shown does not "
                             "account for it; drop it or give it a role if an attacker may know it");
    if (c.action == ReleaseAction::Randomize)
        randomizeColumn(c, axis, analysis, several, choice, rz);
    return c;
}

// The risk of the release at the p's chosen, its inference, re-identification and the records' epsilon.
void assessRelease(ReleaseSummary& s, const PreparedAnalysis& analysis, const SeveralSensitiveAnalysis* several,
                   const ReleaseChoice& choice, const ReleaseRandomization& rz)
{
    DisclosureRiskModel model = analysis.model;
    const Eigen::VectorXd& risk = model.evaluateWarner(rz.axisP); // 003 eq. 5.6
    s.risk = summarizeRisk(risk, analysis.joint, choice.tau);
    if (several) { // each sensitive attribute over its own table; a record's risk is its largest (issue 22)
        s.several = severalSensitiveRisk(*several, rz.allP, choice.tau);
        s.risk = s.several->overall;
    }
    s.meetsTau = meetsThreshold(s.risk.maxRisk, choice.tau);
    addInference(s, analysis, several, !rz.matrices.empty());
    s.reidentification = reidentificationStep(analysis, analysis.matrices(rz.axisP), ReidentificationRequest{});
    if (rz.matrices.empty())
        s.recordEpsilon = EpsilonValue{0, false, "no column is randomized"};
    else
        s.recordEpsilon = combinedEpsilon(rz.matrices);
}

} // namespace

ReleaseSummary summarizeRelease(const PreparedAnalysis& analysis, const std::vector<std::string>& sourceColumns,
                                const ReleaseChoice& choice, const SeveralSensitiveAnalysis* several)
{
    checkChoice(choice, sourceColumns);
    ReleaseSummary s = summaryOfRows(analysis, choice, several);
    ReleaseRandomization rz;
    rz.axisP.assign(static_cast<std::size_t>(analysis.axisCount()), 1.0);
    rz.allP.assign(several ? several->all.names.size() : 0, 1.0);
    for (const std::string& name : sourceColumns)
        s.columns.push_back(releaseColumn(name, analysis, several, choice, s, rz));
    if (s.releasedNames().empty())
        throw InputError("release: every column is dropped; keep or randomize at least one");
    if (rz.droppedAnalysed)
        s.warnings.push_back("an analysed column is dropped: the risk shown counts it as released in clear, so it "
                             "is an upper bound");
    if (rz.matrices.empty())
        s.warnings.push_back("no column is randomized: the table would leave as it is");
    assessRelease(s, analysis, several, choice, rz);
    return s;
}

namespace {

// The released columns of records the policy kept, randomized columns drawn from their Warner matrices.
Table releasedColumns(const Table& kept, const ReleaseSummary& summary, RandomSource& rng, RandomizationReport* report)
{
    Table out;
    out.weights = kept.weights;
    std::map<int, DistortionMatrix> matrices;
    for (const ReleaseColumn& c : summary.columns) {
        if (c.action == ReleaseAction::Drop)
            continue;
        const Attribute& a = kept.attributes[static_cast<std::size_t>(kept.attributeIndex(c.name))];
        if (c.action != ReleaseAction::Randomize) {
            out.attributes.push_back(a);
            continue;
        }
        // Drawn among the summary's categories (the matrix's), whichever of them these records show.
        std::unordered_map<std::string_view, std::int32_t> code;
        for (std::size_t k = 0; k < c.categories.size(); ++k)
            code.emplace(c.categories[k], static_cast<std::int32_t>(k));
        Attribute recoded{a.name, c.categories, {}};
        recoded.codes.reserve(a.codes.size());
        for (const std::int32_t v : a.codes) {
            const auto found = v == Attribute::kMissing ? code.end() : code.find(a.categories[static_cast<std::size_t>(v)]);
            if (found == code.end())
                throw InputError("release: the categories of '" + c.name + "' changed since the summary");
            recoded.codes.push_back(found->second);
        }
        matrices.emplace(static_cast<int>(out.attributes.size()), DistortionMatrix::warner(c.d, c.p)); // 003 eq. 5.2
        out.attributes.push_back(std::move(recoded));
    }
    return randomizeTable(out, matrices, rng, report);
}

} // namespace

Table releaseTable(const Table& records, const ReleaseSummary& summary, const AnalysisSpec& spec, RandomSource& rng,
                   RandomizationReport* report)
{
    const RowSelection kept = selectRows(records, records.attributeIndices(spec.allAttributes()), spec.policy);
    if (kept.rows.size() != summary.releasedRows)
        throw InputError("release: the records changed since the summary (" + std::to_string(kept.rows.size()) +
                         " kept now, " + std::to_string(summary.releasedRows) + " in the summary); review it again");
    const Table subset = subsetRows(records, kept.rows);
    for (const ReleaseColumn& c : summary.columns) // the kept records show every category the summary does
        if (c.action == ReleaseAction::Randomize) {
            const Attribute& a = subset.attributes[static_cast<std::size_t>(subset.attributeIndex(c.name))];
            if (std::set<std::string>(a.categories.begin(), a.categories.end()) !=
                std::set<std::string>(c.categories.begin(), c.categories.end()))
                throw InputError("release: the categories of '" + c.name + "' changed since the summary");
        }
    return releasedColumns(subset, summary, rng, report);
}

ReleasePreview previewRelease(const DataSource& source, const ReleaseSummary& summary, const AnalysisSpec& spec,
                              RandomSource& rng, std::size_t maxRecords, const ProgressFunction& progress)
{
    if (maxRecords == 0)
        throw InputError("a release preview needs at least one record");
    const SourceSummary& all = source.summary();
    // The source's own categories code each page (a value they lack means the source changed).
    std::vector<std::unordered_map<std::string_view, std::int32_t>> codeOf(all.attributes.size());
    Table kept;
    for (std::size_t c = 0; c < all.attributes.size(); ++c) {
        const AttributeSummary& a = all.attributes[c];
        for (std::size_t k = 0; k < a.categories.size(); ++k)
            codeOf[c].emplace(a.categories[k], static_cast<std::int32_t>(k));
        kept.attributes.push_back(Attribute{a.name, a.categories, {}});
    }
    const std::vector<int> used = kept.attributeIndices(spec.allAttributes());
    std::vector<bool> checked(all.attributes.size(), spec.policy == MissingPolicy::DropIncomplete);
    for (const int a : used)
        checked[static_cast<std::size_t>(a)] = true;
    constexpr std::size_t kPageRows = 65536;
    ReleasePreview preview;
    std::size_t keptRows = 0;
    while (keptRows < maxRecords) {
        const RowPage page = source.rows(preview.readRows, kPageRows);
        for (std::size_t r = 0; r < page.values.size() && keptRows < maxRecords; ++r) {
            ++preview.readRows;
            bool keep = true;
            for (std::size_t c = 0; c < checked.size() && keep; ++c)
                keep = !(checked[c] && page.missing[r][c]);
            if (!keep) {
                ++preview.droppedRows;
                continue;
            }
            for (std::size_t c = 0; c < kept.attributes.size(); ++c) {
                std::int32_t code = Attribute::kMissing;
                if (!page.missing[r][c]) {
                    const auto found = codeOf[c].find(page.values[r][c]);
                    if (found == codeOf[c].end())
                        throw InputError("release preview: the value '" + page.values[r][c] + "' of '" +
                                         kept.attributes[c].name + "' is not among its categories; the source "
                                         "changed since it was opened");
                    code = found->second;
                }
                kept.attributes[c].codes.push_back(code);
            }
            if (!page.weights.empty())
                kept.weights.push_back(page.weights[r]);
            ++keptRows;
        }
        if (page.values.size() < kPageRows)
            break; // the end of the source
        if (progress && !progress(std::min(1.0, static_cast<double>(keptRows) / static_cast<double>(maxRecords))))
            throw Cancelled("the preview was cancelled");
    }
    preview.whole = preview.readRows >= all.rows;
    preview.table = releasedColumns(kept, summary, rng, &preview.report);
    return preview;
}

ReleaseFiles releaseFilesFor(const std::string& tablePath)
{
    std::filesystem::path base(tablePath);
    std::string ext = base.extension().string();
    for (char& c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".csv" || ext == ".sav" || ext == ".dta" || ext == ".xpt") // the table's own extension
        base.replace_extension();
    return {tablePath, base.string() + ".note.json", base.string() + ".note.html", base.string() + ".audit.json",
            base.string() + ".audit.html"};
}

std::vector<std::string> sameReleaseAs(const std::string& tablePath, const std::vector<std::string>& extensions)
{
    std::filesystem::path base(tablePath);
    std::string own = base.extension().string();
    for (char& c : own)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    base.replace_extension();
    std::vector<std::string> out;
    for (const std::string& ext : extensions)
        if (ext != own)
            out.push_back(base.string() + ext);
    return out;
}

std::vector<std::string> existingTargets(const ReleaseFiles& files)
{
    std::vector<std::string> out;
    std::vector<std::string> all{files.table, files.noteJson, files.noteHtml, files.auditJson, files.auditHtml};
    all.insert(all.end(), files.alsoAs.begin(), files.alsoAs.end());
    for (const std::string& f : all) {
        std::error_code ec;
        if (std::filesystem::exists(std::filesystem::symlink_status(f, ec)))
            out.push_back(f);
    }
    return out;
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
    std::vector<std::string> targets = {files.table, files.noteJson, files.noteHtml, files.auditJson, files.auditHtml};
    targets.insert(targets.end(), files.alsoAs.begin(), files.alsoAs.end());
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
    const AuditStamp stamp = auditStampNow();
    const auto notes = [&](const StreamReleaseReport& r) {
        outcome.report = r.randomization;
        outcome.generator = r.generator;
        const AuditContext audit{outcome.generator, sourceName, stamp};
        std::vector<std::pair<std::string, std::string>> texts{
            {files.noteJson, publicNoteJson(summary, r.randomization, files, !keepOrder)},
            {files.noteHtml, publicNoteHtml(summary, r.randomization, files, !keepOrder)},
            {files.auditJson, auditNoteJson(summary, r.randomization, files, !keepOrder, audit)},
            {files.auditHtml, auditNoteHtml(summary, r.randomization, files, !keepOrder, audit)}};
        std::vector<FileWrite> writes;
        for (auto& [path, text] : texts)
            writes.push_back({path, [text = std::move(text)](std::ostream& o) { o << text; }});
        return writes;
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
