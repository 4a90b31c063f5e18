// core/analysis/RecordGroup: the QI group of a record on Adult EMGRW, checked against the records counted
// from the table itself and against the risk model.
#include "TestData.h"
#include "TestSupport.h"

#include "core/analysis/RecordGroup.h"
#include "core/data/CsvReader.h"
#include "core/data/Errors.h"

#include <QtTest>

using namespace rr;
using namespace rr::testdata;

class TestRecordGroup : public QObject {
    Q_OBJECT
    Table m_adult;
    std::shared_ptr<const PreparedAnalysis> m_a;

    // The joint cell of a record given by its values (QIs, then S).
    Eigen::Index cellOf(const std::vector<std::string>& values) const
    {
        std::vector<int> all{0, 1, 2, 3, 4};
        return static_cast<Eigen::Index>(m_a->cellIndex(all, values));
    }

private slots:
    void initTestCase()
    {
        m_adult = readCsv({sharedData("adult/adult.data.csv"), sharedData("adult/adult.test.csv")});
        AnalysisSpec spec;
        spec.quasiIdentifiers = {"education", "marital-status", "sex", "race"};
        spec.sensitive = "workclass";
        m_a = prepareAnalysis(m_adult, spec);
    }

    // Without randomization the risk of a record is its S value's share in its QI group, and the group's
    // records are those of the complete table with its QI values (counted here row by row).
    void unrandomizedIsTheShare()
    {
        const std::vector<std::string> rec{"Doctorate", "Never-married", "Female", "White", "State-gov"};
        const Eigen::Index cell = cellOf(rec);
        QVERIFY(cell >= 0);
        DisclosureRiskModel model = m_a->model;
        const RecordGroup g = recordGroup(*m_a, model, std::vector<double>(5, 1.0), cell);
        QCOMPARE(g.qiValues, (std::vector<std::string>{"Doctorate", "Never-married", "Female", "White"}));
        QCOMPARE(g.sensitiveName, std::string("workclass"));
        QCOMPARE(g.cells.size(), std::size_t(7));
        QCOMPARE(g.cells[static_cast<std::size_t>(g.selected)].sensitiveValue, std::string("State-gov"));

        // Count the group in the table (complete records only, as the analysis keeps).
        const Table complete = completeRecords(m_adult, {}, MissingPolicy::DropIncomplete);
        const auto idx = complete.attributeIndices({"education", "marital-status", "sex", "race", "workclass"});
        std::map<std::string, double> bySensitive;
        double total = 0;
        for (std::size_t r = 0; r < complete.rowCount(); ++r) {
            bool match = true;
            for (std::size_t k = 0; k < 4 && match; ++k) {
                const auto& at = complete.attributes[static_cast<std::size_t>(idx[k])];
                match = at.categories[static_cast<std::size_t>(at.codes[r])] == rec[k];
            }
            if (!match)
                continue;
            const auto& s = complete.attributes[static_cast<std::size_t>(idx[4])];
            bySensitive[s.categories[static_cast<std::size_t>(s.codes[r])]] += 1;
            total += 1;
        }
        RR_COMPARE_NEAR(g.records, total, 0.0);
        QVERIFY(total > 10);
        double shares = 0;
        for (const GroupCell& c : g.cells) {
            RR_COMPARE_NEAR(c.records, bySensitive[c.sensitiveValue], 0.0);
            shares += c.share;
            if (c.records > 0) {
                QVERIFY(c.defined);
                RR_COMPARE_NEAR(c.risk, c.records / total, 1e-12);
            } else {
                QVERIFY(!c.defined);
                QCOMPARE(c.reason, std::string("no record has these values"));
            }
        }
        RR_COMPARE_NEAR(shares, 1.0, 1e-12);
    }

    // At Table 5.2's RR-Both point (l = 4) the group's risks are the model's, and none exceeds the max risk
    // 0.2631 (FIDELITY).
    void randomizedIsTheModels()
    {
        const std::vector<double> p{0.428, 0.780, 0.926, 0.953, 0.871};
        DisclosureRiskModel model = m_a->model;
        const Eigen::VectorXd risk = model.evaluateWarner(p);
        const Eigen::Index cell = cellOf({"Bachelors", "Married-civ-spouse", "Male", "White", "Private"});
        const RecordGroup g = recordGroup(*m_a, model, p, cell);
        const Eigen::Index first = cell - g.selected;
        for (std::size_t k = 0; k < g.cells.size(); ++k) {
            if (!g.cells[k].defined)
                continue;
            RR_COMPARE_NEAR(g.cells[k].risk, risk[first + static_cast<Eigen::Index>(k)], 1e-12);
            QVERIFY(g.cells[k].risk <= 0.2631 + 5e-5);
        }
        QVERIFY(g.records > 1000);
    }

    void refusesBadInput()
    {
        DisclosureRiskModel model = m_a->model;
        QVERIFY_THROWS_EXCEPTION(InputError, recordGroup(*m_a, model, std::vector<double>(5, 1.0), -1));
        QVERIFY_THROWS_EXCEPTION(InputError, recordGroup(*m_a, model, std::vector<double>(4, 1.0), 0));
    }
};

QTEST_MAIN(TestRecordGroup)
#include "test_record_group.moc"
