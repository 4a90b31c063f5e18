#include "core/api/Regress.h"

#include "core/api/Reconstruct.h"
#include "core/api/RequestSupport.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/datasource/PreparedTable.h"

namespace rr::api {
namespace {

// The same model on the original data: the release's reference categories, nothing randomized.
RandomizedLogitResult fitOriginal(const RegressRequest& request, const RegressResult& release,
                                  const ProgressFunction& progress)
{
    const OriginalData& o = *request.original;
    if (!o.data.table) { // a file, checked by name before it is opened
        if (o.name.empty())
            throw InputError("option --original needs a file name");
        checkInputFile(o.name, "--original");
    }
    const PreparedTable t = prepareTable(*openData(o.data), modelAttributes(request.model),
                                         missingPolicyOf(request.dropIncomplete), progress);
    LogitModelSpec spec = request.model;
    spec.references = release.references;
    std::vector<DistortionMatrix> identity;
    for (int d : t.dims)
        identity.push_back(DistortionMatrix::identity(d));
    try {
        RandomizedLogitRequest fit = logitRequest(spec, t.categories, t.joint.counts(), std::move(identity));
        fit.keepRunning = keepRunningOf(progress);
        return fitRandomizedLogit(fit);
    } catch (const InputError& e) {
        throw InputError("the original data '" + o.name + "': " + e.what());
    }
}

} // namespace

RegressResult regressOf(const RegressRequest& request, const ProgressFunction& progress)
{
    checkLogitModel(request.model);
    checkAlpha(request.alpha);
    const std::vector<std::string> names = modelAttributes(request.model);
    checkDistortions(request.distortions, names); // before the data are read
    const auto source = openData(request.data);
    const PreparedTable table = prepareTable(*source, names, missingPolicyOf(request.dropIncomplete), progress);
    RegressResult out;
    out.model = request.model;
    out.rows = table.keptRows();
    out.droppedRows = table.droppedRows;
    out.alpha = request.alpha;
    out.distortions = distortionsOf(request.distortions, table.names, table.categories);
    RandomizedLogitRequest fit = logitRequest(request.model, table.categories, table.joint.counts(),
                                              out.distortions.matrices);
    fit.keepRunning = keepRunningOf(progress);
    out.fit = fitRandomizedLogit(fit); // EM then Newton on the observed-data likelihood
    for (std::size_t k = 0; k < request.model.predictors.size(); ++k)
        out.references.emplace_back(table.names[k], table.categories[k][static_cast<std::size_t>(fit.terms.reference[k])]);
    if (request.original)
        out.original = fitOriginal(request, out, progress);
    return out;
}

} // namespace rr::api
