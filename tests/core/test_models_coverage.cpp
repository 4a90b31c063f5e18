// Monte Carlo calibration of regress's intervals (issue 44): Adult's complete records over sex, race and class are
// the population; each of 200 seeded replications draws 45,222 records from it, randomizes class (Warner p = 0.85)
// and sex (p = 0.9), and fits the model on the released counts. The 95% intervals must cover the population's
// coefficients (the same model on the table itself) 93-97% of the time. The intervals carry both the sampling and
// the randomization, so a release of the table itself (no resampling) covers more often: reported, not checked.
#include "TestData.h"

#include "core/models/RandomizedLogit.h"

#include "TestSupport.h"

#include <QtTest>

#include <algorithm>
#include <random>

using namespace rr;

namespace {

constexpr int kReplications = 200;
constexpr double kP[3] = {0.9, 1.0, 0.85}; // sex, race (in clear), class

struct Population {
    ContingencyTable table; // sex, race, class
    RandomizedLogitRequest request;
    Eigen::VectorXd truth; // the coefficients of the table itself
};

Population population()
{
    const Table adult = testdata::adultComplete();
    const std::vector<int> idx = adult.attributeIndices({"sex", "race", "class"});
    std::vector<uint32_t> rows(adult.rowCount());
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = static_cast<uint32_t>(i);
    Population p{buildContingency(adult, idx, rows), {}, {}};
    std::vector<std::vector<std::string>> cats;
    for (int k : {idx[0], idx[1]})
        cats.push_back(adult.attributes[static_cast<std::size_t>(k)].categories);
    p.request.terms = dummyTerms({"sex", "race"}, cats, {0, 0});
    const auto& classes = adult.attributes[static_cast<std::size_t>(idx[2])].categories;
    p.request.positive = static_cast<int>(std::find(classes.begin(), classes.end(), ">50K") - classes.begin());
    for (int d : p.table.dims())
        p.request.matrices.push_back(DistortionMatrix::identity(d));
    p.request.counts = p.table.counts();
    p.truth = fitRandomizedLogit(p.request).estimate;
    return p;
}

// One release: `resample` draws the records from the population's shares first; each record's randomized
// attributes keep their value with probability p, else take one of the others at random (Warner).
Eigen::VectorXd releasedCounts(const ContingencyTable& t, bool resample, std::mt19937_64& g)
{
    const Eigen::VectorXd& n = t.counts();
    std::vector<double> cumulative(static_cast<std::size_t>(n.size()));
    std::partial_sum(n.begin(), n.end(), cumulative.begin());
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Eigen::VectorXd out = Eigen::VectorXd::Zero(n.size());
    const auto total = static_cast<long long>(n.sum());
    long long cell = 0, left = 0;
    for (long long r = 0; r < total; ++r) {
        std::size_t c = 0;
        if (resample) {
            c = static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), u(g) * n.sum()) -
                                         cumulative.begin());
            c = std::min(c, cumulative.size() - 1);
        } else {
            while (left == 0)
                left = static_cast<long long>(n[cell++]);
            --left;
            c = static_cast<std::size_t>(cell - 1);
        }
        std::vector<int> coords = t.coordinates(c);
        for (int a = 0; a < 3; ++a) {
            const int d = t.dims()[static_cast<std::size_t>(a)];
            if (kP[a] < 1.0 && u(g) >= kP[a]) {
                const int other = std::min(d - 2, static_cast<int>(u(g) * (d - 1)));
                coords[static_cast<std::size_t>(a)] = other >= coords[static_cast<std::size_t>(a)] ? other + 1 : other;
            }
        }
        out[static_cast<Eigen::Index>(t.index(coords))] += 1;
    }
    return out;
}

// The share of intervals covering the population's coefficients, per coefficient and over all.
std::vector<double> coverage(const Population& pop, bool resample, std::uint64_t seed)
{
    std::mt19937_64 g(seed);
    RandomizedLogitRequest r = pop.request;
    for (int a = 0; a < 3; ++a)
        r.matrices[static_cast<std::size_t>(a)] = DistortionMatrix::warner(pop.table.dims()[static_cast<std::size_t>(a)], kP[a]);
    const auto k = static_cast<std::size_t>(pop.truth.size());
    std::vector<double> covered(k + 1, 0.0);
    for (int rep = 0; rep < kReplications; ++rep) {
        r.counts = releasedCounts(pop.table, resample, g);
        const RandomizedLogitResult fit = fitRandomizedLogit(r);
        const std::vector<WaldSummary> w = waldSummaries(fit, 0.05);
        for (std::size_t j = 0; j < k; ++j)
            if (w[j].lo <= pop.truth[static_cast<Eigen::Index>(j)] && pop.truth[static_cast<Eigen::Index>(j)] <= w[j].hi)
                covered[j] += 1, covered[k] += 1;
    }
    for (std::size_t j = 0; j < k; ++j)
        covered[j] /= kReplications;
    covered[k] /= double(kReplications) * double(k);
    return covered;
}

QString describe(const std::vector<double>& c)
{
    QStringList parts;
    for (std::size_t j = 0; j + 1 < c.size(); ++j)
        parts << QString::number(100 * c[j], 'f', 1);
    return QString("%1% over all (per coefficient: %2)").arg(100 * c.back(), 0, 'f', 1).arg(parts.join(", "));
}

} // namespace

class TestModelsCoverage : public QObject {
    Q_OBJECT

private slots:
    void intervalsCoverThePopulation()
    {
        const Population pop = population();
        QCOMPARE(pop.truth.size(), 6); // intercept, sex, four races
        const std::vector<double> sampled = coverage(pop, true, 20260444);
        qInfo("resampled releases: %s", qPrintable(describe(sampled)));
        QVERIFY2(sampled.back() >= 0.93 && sampled.back() <= 0.97, qPrintable(describe(sampled)));
        for (std::size_t j = 0; j + 1 < sampled.size(); ++j)
            QVERIFY2(sampled[j] >= 0.9, qPrintable(describe(sampled)));
        const std::vector<double> fixed = coverage(pop, false, 20260445);
        qInfo("releases of the table itself: %s", qPrintable(describe(fixed)));
        QVERIFY(fixed.back() >= sampled.back() - 0.02);
    }
};

QTEST_APPLESS_MAIN(TestModelsCoverage)
#include "test_models_coverage.moc"
