// loglinearJson: the one place a loglinear fit or search becomes the CLI's JSON (key order and notes are the
// contract).
#include "core/api/FitJson.h"
#include "core/api/Loglinear.h"

namespace rr::api {
namespace {

Json lettersJson(const std::vector<char>& letters, const std::vector<std::string>& names)
{
    Json out = Json::object();
    for (std::size_t k = 0; k < names.size(); ++k)
        out[std::string(1, letters[k])] = names[k];
    return out;
}

Json candidateJson(const SearchCandidate& c, Notes& notes)
{
    Json cj;
    cj["removed"] = c.removedText;
    cj["model"] = c.modelText;
    writeFit(cj, c.fit, notes);
    cj["delta_g_square"] = finiteOrNull(c.deltaG2, "delta_g_square is null: it is not finite", notes);
    cj["delta_df"] = c.deltaDf;
    cj["delta_p_value"] = statOrNull(c.deltaPValue, "delta_p_value", notes);
    cj["criterion"] = statOrNull(c.criterion, "criterion", notes);
    return cj;
}

Json searchJson(const LoglinearModelResult& r, Notes& notes)
{
    const ModelSearchResult& s = *r.search;
    Json j;
    j["alpha"] = r.alpha;
    j["criterion"] = criterionName(r.criterion);
    j["path"] = s.path;
    Json steps = Json::array();
    for (const SearchStep& step : s.steps) {
        Json st;
        st["from"] = step.from;
        st["removed"] =
            step.chosen >= 0 ? Json(step.candidates[static_cast<std::size_t>(step.chosen)].removedText) : Json(nullptr);
        st["decision"] = step.decision;
        Json candidates = Json::array();
        for (const SearchCandidate& c : step.candidates)
            candidates.push_back(candidateJson(c, notes));
        st["candidates"] = candidates;
        steps.push_back(st);
    }
    j["steps"] = steps;
    return j;
}

// Korn's verdict on the model (003 Theorem 2), or null with the reason when there is no randomization to judge.
void addPreservation(Json& j, const LoglinearResult& r, Notes& notes)
{
    if (r.preservation) {
        j["preserved"] = r.preservation->preserved;
        j["preserved_reason"] = r.preservation->reason;
    } else {
        j["preserved"] = nullptr;
        notes.add("preserved is null: the model is fitted to the original counts, which randomization has not "
                  "touched (give --p/--matrix for the table after randomization, or --randomized)");
    }
}

// Each cell's values with its observed and fitted count.
Json fittedJson(const PreparedTable& records, const LoglinearResult& r)
{
    Json fitted = Json::array();
    for (Eigen::Index i = 0; i < r.fitted.size(); ++i) {
        Json values = Json::object();
        const std::vector<std::string> v = records.cellValues(static_cast<std::size_t>(i));
        for (std::size_t k = 0; k < v.size(); ++k)
            values[records.names[k]] = v[k];
        Json c;
        c["values"] = std::move(values);
        c["observed"] = r.observed[i];
        c["fitted"] = r.fitted[i];
        fitted.push_back(c);
    }
    return fitted;
}

} // namespace

Json loglinearJson(const LoglinearModelResult& r)
{
    Notes notes;
    const Json searched = r.search ? searchJson(r, notes) : Json(); // its notes first, as the search ran first
    const LoglinearResult& fit = r.fit;
    Json j;
    j["model"] = fit.model;
    j["attributes"] = r.table->names;
    j["letters"] = lettersJson(r.letters, r.table->names);
    j["source"] = toString(fit.source);
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["n"] = countValue(r.n);
    if (r.withDistortions) {
        j["p"] = retentionJson(r.distortions, notes);
        if (r.distortions.anyMatrixFile())
            j["distortion"] = distortionJson(r.distortions, notes);
    }
    writeFit(j, fit.fit, notes);
    addPreservation(j, fit, notes);
    j["iterations"] = fit.iterations;
    j["converged"] = fit.converged;
    j["fitted"] = fittedJson(*r.table, fit);
    if (r.search)
        j["search"] = searched;
    for (const std::string& n : fit.notes)
        notes.add(n);
    if (!fit.converged)
        notes.add("IPF did not converge within its iteration limit; the fit is the last iterate");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
