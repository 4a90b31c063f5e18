// Anatomy (Xiao and Tao; 003 Sec. 2.1.1): the l-diversity guarantee, eligibility, and the releases.
#include "EsgroData.h"

#include "core/anonymization/Anatomy.h"
#include "core/comparison/AnatomyEstimate.h"
#include "core/comparison/PosteriorRisk.h"
#include "core/data/Errors.h"

#include "TestSupport.h"

#include <QtTest>

#include <map>
#include <numeric>
#include <set>

using namespace rr;
using namespace rr::testdata;

namespace {

// Checks Xiao and Tao's guarantee on a release: every record in exactly one group; every group
// has at least l records with pairwise distinct sensitive values; the ST matches the records.
void checkLDiverse(const Table& t, int s, const AnatomyRelease& rel, int l)
{
    QCOMPARE(rel.groupOfRow.size(), t.rowCount());
    std::vector<std::map<int, double>> seen(rel.groupCount());
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const int g = rel.groupOfRow[r];
        QVERIFY(g >= 0 && static_cast<std::size_t>(g) < rel.groupCount());
        seen[g][t.attributes[s].codes[r]] += 1;
    }
    std::size_t residueGroups = 0;
    for (std::size_t g = 0; g < rel.groupCount(); ++g) {
        QVERIFY(rel.groupSize[g] >= l);
        QVERIFY(rel.groupSize[g] <= l + 1);
        if (rel.groupSize[g] > l)
            ++residueGroups;
        QCOMPARE(static_cast<double>(seen[g].size()), rel.groupSize[g]); // distinct values
        QCOMPARE(rel.sensitive[g].size(), seen[g].size());
        for (const auto& [v, count] : rel.sensitive[g]) {
            QCOMPARE(count, 1.0);
            QCOMPARE(seen[g].at(v), 1.0);
        }
    }
    QCOMPARE(residueGroups, rel.residueRecords);
    QVERIFY(rel.residueRecords < static_cast<std::size_t>(l));
}

Table smallTable()
{
    // 10 records, S over 4 values with counts 3, 3, 2, 2; QI with 3 values.
    Table t;
    t.attributes.push_back(Attribute{"Q", {"q1", "q2", "q3"}, {0, 0, 1, 2, 1, 0, 2, 2, 1, 0}});
    t.attributes.push_back(Attribute{"S", {"a", "b", "c", "d"}, {0, 0, 0, 1, 1, 1, 2, 2, 3, 3}});
    return t;
}

} // namespace

class TestAnatomy : public QObject {
    Q_OBJECT
    Esgro m_esgro;
    ContingencyTable m_joint;
private slots:
    void initTestCase()
    {
        m_esgro = esgro();
        std::vector<int> used = m_esgro.qi;
        used.push_back(m_esgro.sensitive);
        std::vector<uint32_t> rows(m_esgro.table.rowCount());
        std::iota(rows.begin(), rows.end(), 0u);
        m_joint = buildContingency(m_esgro.table, used, rows);
    }

    void smallTableGroups()
    {
        const Table t = smallTable();
        for (int l : {2, 3}) {
            const AnatomyRelease rel = anatomize(t, 1, l);
            checkLDiverse(t, 1, rel, l);
        }
        // l = 2: five groups of two; l = 3: three groups, one taking the residual record.
        QCOMPARE(anatomize(t, 1, 2).groupCount(), std::size_t(5));
        const AnatomyRelease r3 = anatomize(t, 1, 3);
        QCOMPARE(r3.groupCount(), std::size_t(3));
        QCOMPARE(r3.residueRecords, std::size_t(1));
        // l = 4: 4 * 3 > 10, ineligible.
        bool threw = false;
        try {
            anatomize(t, 1, 4);
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("'a' of 'S' is on 3 of 10") != std::string::npos;
        }
        QVERIFY(threw);
    }

    void refusals()
    {
        Table t = smallTable();
        bool threw = false;
        try {
            anatomize(t, 1, 1);
        } catch (const InputError&) {
            threw = true;
        }
        QVERIFY(threw);
        t.weights.assign(t.rowCount(), 2.0);
        threw = false;
        try {
            anatomize(t, 1, 2);
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("aggregated") != std::string::npos;
        }
        QVERIFY(threw);
        t.weights.clear();
        t.attributes[1].codes[4] = Attribute::kMissing;
        threw = false;
        try {
            anatomize(t, 1, 2);
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("record 5") != std::string::npos;
        }
        QVERIFY(threw);
    }

    // On ESGRO every l = 2..7 is eligible (the most frequent occupation, Prof-specialty, is on
    // 4,038 of 30,162 records < N/7) and the release bounds Pr(S_r | QI_r) by 1/l.
    void esgroGuarantee()
    {
        for (int l = 2; l <= 7; ++l) {
            const AnatomyRelease rel = anatomize(m_esgro.table, m_esgro.sensitive, l);
            checkLDiverse(m_esgro.table, m_esgro.sensitive, rel, l);
            QCOMPARE(rel.groupCount(), std::size_t(30162 / l));
            const Eigen::VectorXd est = estimateFromAnatomy(m_esgro.table, m_esgro.qi, m_esgro.sensitive, rel);
            const double risk = maxPosteriorRisk(m_joint, est);
            QVERIFY2(risk <= 1.0 / l + 1e-12, std::to_string(risk).c_str());
            QVERIFY(risk > 0);
        }
        bool threw = false;
        try {
            anatomize(m_esgro.table, m_esgro.sensitive, 8); // 8 * 4038 > 30162
        } catch (const InputError& e) {
            threw = std::string(e.what()).find("Prof-specialty") != std::string::npos;
        }
        QVERIFY(threw);
    }

    // The estimate keeps every QI value and the sensitive marginal exactly (anatomy publishes them).
    void estimateKeepsMarginals()
    {
        const AnatomyRelease rel = anatomize(m_esgro.table, m_esgro.sensitive, 5);
        const Eigen::VectorXd est = estimateFromAnatomy(m_esgro.table, m_esgro.qi, m_esgro.sensitive, rel);
        RR_COMPARE_NEAR(est.sum(), 1.0, 1e-12);
        QVERIFY(est.minCoeff() >= 0);
        const Eigen::VectorXd pi = m_joint.proportions();
        const int ds = m_joint.dims().back();
        const Eigen::Index qiCells = pi.size() / ds;
        Eigen::VectorXd sEst = Eigen::VectorXd::Zero(ds), sPi = Eigen::VectorXd::Zero(ds);
        for (Eigen::Index q = 0; q < qiCells; ++q) {
            RR_COMPARE_NEAR(est.segment(q * ds, ds).sum(), pi.segment(q * ds, ds).sum(), 1e-12);
            sEst += est.segment(q * ds, ds);
            sPi += pi.segment(q * ds, ds);
        }
        QVERIFY((sEst - sPi).cwiseAbs().maxCoeff() < 1e-12);
        // ... but not the joint distribution: QI and S are decoupled within groups.
        QVERIFY((est - pi).cwiseAbs().sum() > 0.1);
        // Every record's own cell keeps positive mass (so KL is defined).
        for (Eigen::Index i = 0; i < pi.size(); ++i)
            if (pi[i] > 0)
                QVERIFY(est[i] > 0);
    }

    void publishedTables()
    {
        const Table t = smallTable();
        const AnatomyRelease rel = anatomize(t, 1, 2);
        const Table qit = quasiIdentifierTable(t, {0}, rel);
        QCOMPARE(qit.attributes.size(), std::size_t(2));
        QCOMPARE(qit.attributes[1].name, std::string("group"));
        QCOMPARE(qit.rowCount(), t.rowCount());
        QCOMPARE(qit.attributes[0].codes, t.attributes[0].codes); // QI values published unchanged
        const Table st = sensitiveTable(t, 1, rel);
        QCOMPARE(st.attributes[0].name, std::string("group"));
        QCOMPARE(st.attributes[1].name, std::string("S"));
        QCOMPARE(st.totalWeight(), 10.0);
        QCOMPARE(st.rowCount(), std::size_t(10)); // 5 groups x 2 distinct values
        for (std::size_t r = 0; r < st.rowCount(); ++r) {
            const int g = st.attributes[0].codes[r];
            const int v = st.attributes[1].codes[r];
            int members = 0;
            for (std::size_t i = 0; i < t.rowCount(); ++i)
                if (rel.groupOfRow[i] == g && t.attributes[1].codes[i] == v)
                    ++members;
            QCOMPARE(static_cast<double>(members), st.weights[r]);
        }
    }
};

QTEST_GUILESS_MAIN(TestAnatomy)
#include "test_anatomy.moc"
