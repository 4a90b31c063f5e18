#include "core/analysis/WithoutP.h"

#include "core/data/Errors.h"

#include <algorithm>

namespace rr {

namespace {

int axisNamed(const PreparedTable& t, const std::string& name)
{
    const int axis = t.axisOf(name);
    if (axis < 0)
        throw InputError("the analysis has no attribute '" + name + "'");
    return axis;
}

int presentIndex(const PreparedTable& t, int axis, std::string& present)
{
    const auto& categories = t.categories[static_cast<std::size_t>(axis)];
    if (categories.size() < 2)
        throw InputError("attribute '" + t.names[static_cast<std::size_t>(axis)] +
                         "' has a single category: there is nothing to randomize");
    if (present.empty())
        present = categories.back();
    const auto it = std::find(categories.begin(), categories.end(), present);
    if (it == categories.end())
        throw InputError("attribute '" + t.names[static_cast<std::size_t>(axis)] + "' has no category '" + present +
                         "'");
    return static_cast<int>(it - categories.begin());
}

void checkP(const std::string& name, double p)
{
    if (!(p >= 0.0 && p <= 1.0))
        throw InputError("p of '" + name + "' is " + std::to_string(p) + "; it must lie in [0, 1]");
}

} // namespace

WithoutPFrame computeWithoutP(const PreparedTable& table, const WithoutPRequest& request)
{
    WithoutPFrame f;
    f.first = request.first;
    f.second = request.second;
    f.firstAxis = axisNamed(table, request.first);
    f.secondAxis = axisNamed(table, request.second);
    if (f.firstAxis == f.secondAxis)
        throw InputError("choose two different attributes, not '" + request.first + "' twice");
    checkP(request.first, request.pFirst);
    checkP(request.second, request.pSecond);
    f.pFirst = request.pFirst;
    f.pSecond = request.pSecond;
    f.firstPresent = request.firstPresent;
    f.secondPresent = request.secondPresent;
    const int presentFirst = presentIndex(table, f.firstAxis, f.firstPresent);
    const int presentSecond = presentIndex(table, f.secondAxis, f.secondPresent);
    f.dFirst = table.dims[static_cast<std::size_t>(f.firstAxis)];
    f.dSecond = table.dims[static_cast<std::size_t>(f.secondAxis)];
    f.counts = table.joint.marginal({f.firstAxis, f.secondAxis}).counts();
    const DistortionSpec firstSpec = request.firstMatrix.value_or(warnerSpec(f.pFirst));
    const DistortionSpec secondSpec = request.secondMatrix.value_or(warnerSpec(f.pSecond));
    f.firstDistortion = describe(firstSpec);
    f.secondDistortion = describe(secondSpec);
    // Warner p is checked against [0, 1] above: the view shows p <= 1/d too (003 Fig. 4.1 spans [0, 1])
    const auto matrixOf = [](const DistortionSpec& spec, int d, const std::string& name) {
        return spec.kind == DistortionKind::Warner ? DistortionMatrix::warner(d, spec.p)
                                                   : buildDistortion(spec, d, name);
    };
    f.report = verticalProperties(f.counts, matrixOf(firstSpec, f.dFirst, f.first),
                                  matrixOf(secondSpec, f.dSecond, f.second), presentFirst, presentSecond);
    f.surface = randomizedMeasureSurface(f.report.original, f.report.n, request.measure, request.steps, 0.0, 1.0,
                                         f.dFirst, f.dSecond);
    return f;
}

} // namespace rr
