// `loglinear`: a hierarchical loglinear model fitted by IPF with its Pearson X2 and G2 (003 Sec. 4.3.1, Tables
// 4.2-4.4), Korn's verdict on whether randomization preserves it (003 Theorem 2), or the model chosen by
// backward elimination.
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/Distortions.h"
#include "app/cli/FitJson.h"

#include "core/data/Errors.h"
#include "core/loglinear/LoglinearFit.h"
#include "core/loglinear/ModelSearch.h"

namespace rr::cli {
namespace {

Json lettersJson(const std::vector<char>& letters, const std::vector<std::string>& names)
{
    Json out = Json::object();
    for (std::size_t k = 0; k < names.size(); ++k)
        out[std::string(1, letters[k])] = names[k];
    return out;
}

SearchCriterion criterionFrom(const Options& options)
{
    const std::string c = options.value("criterion").value_or("fit");
    if (c == "fit")
        return SearchCriterion::OverallFit;
    if (c == "lr")
        return SearchCriterion::LikelihoodRatioChange;
    throw InputError("--criterion must be fit (the smaller model's own X2 p-value) or lr (the G2 change), got '" + c +
                     "'");
}

Json searchJson(const ModelSearchResult& s, double alpha, const std::string& criterion, Notes& notes)
{
    Json j;
    j["alpha"] = alpha;
    j["criterion"] = criterion;
    j["path"] = s.path;
    Json steps = Json::array();
    for (const SearchStep& step : s.steps) {
        Json st;
        st["from"] = step.from;
        st["removed"] =
            step.chosen >= 0 ? Json(step.candidates[static_cast<std::size_t>(step.chosen)].removedText) : Json(nullptr);
        st["decision"] = step.decision;
        Json candidates = Json::array();
        for (const SearchCandidate& c : step.candidates) {
            Json cj;
            cj["removed"] = c.removedText;
            cj["model"] = c.modelText;
            writeFit(cj, c.fit, notes);
            cj["delta_g_square"] = finiteOrNull(c.deltaG2, "delta_g_square is null: it is not finite", notes);
            cj["delta_df"] = c.deltaDf;
            cj["delta_p_value"] = statOrNull(c.deltaPValue, "delta_p_value", notes);
            cj["criterion"] = statOrNull(c.criterion, "criterion", notes);
            candidates.push_back(cj);
        }
        st["candidates"] = candidates;
        steps.push_back(st);
    }
    j["steps"] = steps;
    return j;
}

// The model chosen by backward elimination from the saturated one (over the table the model would be fitted to:
// fitLoglinearFor's); `searched` gets the search's steps.
HierarchicalModel searchModel(const Options& options, const PreparedTable& records,
                              const std::vector<DistortionMatrix>& matrices, const std::vector<char>& letters,
                              bool dataAreRandomized, Json& searched, Notes& notes)
{
    ModelSearchOptions so;
    so.alpha = alphaFrom(options);
    so.criterion = criterionFrom(options);
    so.ipf.keepRunning = keepRunning();
    // the table the model would be fitted to: fitLoglinearFor's
    const ContingencyTable table =
        !dataAreRandomized && !matrices.empty() ? expectedRandomizedCounts(records.joint, matrices) : records.joint;
    const ModelSearchResult s = backwardElimination(table, letters, so);
    searched = searchJson(s, so.alpha, options.value("criterion").value_or("fit"), notes);
    return s.model;
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
        Json c;
        c["values"] = cellValues(records, static_cast<std::size_t>(i));
        c["observed"] = r.observed[i];
        c["fitted"] = r.fitted[i];
        fitted.push_back(c);
    }
    return fitted;
}

Json runLoglinear(const Options& options)
{
    const std::vector<std::string> names = splitList(options.required("attributes"), "attributes");
    const auto modelText = options.value("model");
    const bool search = options.flag("search");
    if (modelText.has_value() == search)
        throw InputError("'loglinear' needs exactly one of --model TERMS (fit that model) and --search (backward "
                         "elimination from the saturated model)");
    if (!search && (options.has("alpha") || options.has("criterion")))
        throw InputError("--alpha and --criterion set the backward elimination; they go with --search");
    const bool dataAreRandomized = options.flag("randomized");

    const auto source = openSource(options);
    const PreparedTable records = prepareTable(*source, names, missingPolicy(options), keepRunningProgress());
    const Distortions distortions = distortionsFrom(options, records.names, records.categories);
    const bool withMatrices = options.has("p") || options.has("matrix");
    const std::vector<DistortionMatrix> matrices =
        withMatrices ? distortions.matrices : std::vector<DistortionMatrix>{};
    const std::vector<char> letters = defaultLetters(records.names);

    Notes notes;
    Json searched;
    const HierarchicalModel model = search
                                        ? searchModel(options, records, matrices, letters, dataAreRandomized, searched, notes)
                                        : parseModel(*modelText, letters);
    IpfOptions ipf;
    ipf.keepRunning = keepRunning();
    const LoglinearResult r = fitLoglinearFor(records.joint, model, letters, matrices, dataAreRandomized, ipf);

    Json j;
    j["model"] = r.model;
    j["attributes"] = records.names;
    j["letters"] = lettersJson(letters, records.names);
    j["source"] = toString(r.source);
    j["rows"] = records.keptRows();
    j["dropped_rows"] = records.droppedRows;
    j["n"] = countValue(records.joint.total());
    if (withMatrices) {
        j["p"] = retentionJson(distortions, notes);
        if (distortions.anyMatrixFile())
            j["distortion"] = distortionJson(distortions, notes);
    }
    writeFit(j, r.fit, notes);
    addPreservation(j, r, notes);
    j["iterations"] = r.iterations;
    j["converged"] = r.converged;
    j["fitted"] = fittedJson(records, r);
    if (search)
        j["search"] = searched;
    for (const std::string& n : r.notes)
        notes.add(n);
    if (!r.converged)
        notes.add("IPF did not converge within its iteration limit; the fit is the last iterate");
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace

Command loglinearCommand()
{
    Command c;
    c.name = "loglinear";
    c.summary = "fit a hierarchical loglinear model (X2, G2, Korn's verdict) or search one by backward elimination";
    c.description =
        "Fits the hierarchical loglinear model --model (generators in attribute letters, e.g. AD,G or [AD][G]) to "
        "the table of --attributes by iterative proportional fitting and tests it: Pearson X2, G2, df and p-values "
        "(003 Sec. 4.3.1, Tables 4.2-4.4). Letters are the attribute names when every name is one distinct letter or "
        "digit, else A, B, ... in --attributes order ('letters' in the output). Four cases: original data (no "
        "--p/--matrix): the original counts, preserved null; original data with --p/--matrix: the expected "
        "randomized counts N (P_1 x ... x P_k) pi (003 eq. 2.1, Table 4.3); --randomized with --p/--matrix: the "
        "randomized data as they are; --randomized alone: the same, p unknown. For randomized tables 'preserved' "
        "is Korn's criterion (003 Theorem 2: no randomized attribute in two generators; sufficient only, false "
        "means not guaranteed), taking every attribute as randomized when p is unknown. --search chooses the "
        "model by backward elimination from the saturated model instead (at most 7 attributes), deleting the "
        "generator with the largest p-value while it is >= alpha, and prints every step.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    c.options.push_back({"attributes", "A,B,...", "the attributes of the table (at most 12)"});
    c.options.push_back({"model", "TERMS", "the model's generators in letters, e.g. AD,G"});
    c.options.push_back({"search", "", "choose the model by backward elimination instead of --model"});
    c.options.push_back(retentionOption());
    c.options.push_back(matrixOption());
    c.options.push_back({"randomized", "", "the data are already randomized (default: original data)"});
    c.options.push_back(alphaOption("with --search: a deletion is accepted when its p-value is >= alpha (default "
                                    "0.05)"));
    c.options.push_back({"criterion", "fit|lr",
                         "with --search: judge a deletion by the smaller model's X2 p-value (fit, default) or by "
                         "the G2 change (lr)"});
    c.run = runLoglinear;
    return c;
}

} // namespace rr::cli
