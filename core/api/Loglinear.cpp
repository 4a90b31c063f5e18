#include "core/api/Loglinear.h"

#include "core/api/Reconstruct.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/datasource/DataSource.h"

namespace rr::api {
namespace {

// The model chosen by backward elimination from the saturated one, over the table the model would be fitted to
// (fitLoglinearFor's).
HierarchicalModel searchModel(const LoglinearRequest& request, const std::vector<DistortionMatrix>& matrices,
                              const IpfOptions& ipf, LoglinearModelResult& out)
{
    ModelSearchOptions so;
    so.alpha = out.alpha;
    so.criterion = out.criterion;
    so.ipf = ipf;
    const ContingencyTable& joint = out.table->joint;
    const ContingencyTable table =
        !request.randomized && !matrices.empty() ? expectedRandomizedCounts(joint, matrices) : joint;
    out.search = backwardElimination(table, out.letters, so);
    return out.search->model;
}

} // namespace

SearchCriterion criterionOf(const std::string& text)
{
    if (text == "fit")
        return SearchCriterion::OverallFit;
    if (text == "lr")
        return SearchCriterion::LikelihoodRatioChange;
    throw InputError("--criterion must be fit (the smaller model's own X2 p-value) or lr (the G2 change), got '" +
                     text + "'");
}

const char* criterionName(SearchCriterion criterion)
{
    return criterion == SearchCriterion::LikelihoodRatioChange ? "lr" : "fit";
}

void checkModelChoice(bool model, bool search, bool searchOptions)
{
    if (model == search)
        throw InputError("'loglinear' needs exactly one of --model TERMS (fit that model) and --search (backward "
                         "elimination from the saturated model)");
    if (!search && searchOptions)
        throw InputError("--alpha and --criterion set the backward elimination; they go with --search");
}

LoglinearModelResult loglinearOf(const LoglinearRequest& request, const ProgressFunction& progress)
{
    checkModelChoice(request.model.has_value(), request.search, request.alpha || request.criterion);
    const auto source = openData(request.data);
    LoglinearModelResult out;
    out.table = std::make_shared<const PreparedTable>(
        prepareTable(*source, request.attributes, missingPolicyOf(request.dropIncomplete), progress));
    const PreparedTable& records = *out.table;
    out.distortions = distortionsOf(request.distortions, records.names, records.categories);
    out.withDistortions = request.distortions.given();
    const std::vector<DistortionMatrix> matrices =
        out.withDistortions ? out.distortions.matrices : std::vector<DistortionMatrix>{};
    out.letters = defaultLetters(records.names);
    if (request.alpha)
        checkAlpha(*request.alpha);
    out.alpha = request.alpha.value_or(0.05);
    out.criterion = request.criterion.value_or(SearchCriterion::OverallFit);
    IpfOptions ipf;
    ipf.keepRunning = keepRunningOf(progress);
    const HierarchicalModel model =
        request.search ? searchModel(request, matrices, ipf, out) : parseModel(*request.model, out.letters);
    out.fit = fitLoglinearFor(records.joint, model, out.letters, matrices, request.randomized, ipf); // 003 Sec. 4.3.1
    out.rows = records.keptRows();
    out.droppedRows = records.droppedRows;
    out.n = records.joint.total();
    return out;
}

} // namespace rr::api
