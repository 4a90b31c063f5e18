// Issue 20, "Accessible and translatable": every visible string goes through tr(). A pseudo-translation proves
// it: lupdate reads the GUI's sources as a translator's template would be made, every message is "translated"
// to ⟦itself⟧, lrelease compiles it, and with it installed every text of every view, panel and dialog must
// carry the markers. A text with letters outside them, other than the data's names and values, was not
// marked (or lupdate files it under another context than tr() looks it up in at run time).
#include "WidgetWalk.h"

#include "ui/charts/ChartView.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QChart>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

using namespace rr;
using namespace rr::ui;

namespace {

const QChar kOpen(0x27E6), kClose(0x27E7); // ⟦ ⟧

// Every empty translation of a .ts file becomes ⟦source⟧ (%1 and & stay as they are, inside the markers).
QByteArray pseudoTranslate(const QByteArray& ts, int* messages)
{
    static const QRegularExpression message(
        "(<source>(.*?)</source>.*?)<translation type=\"unfinished\"></translation>",
        QRegularExpression::DotMatchesEverythingOption);
    QString text = QString::fromUtf8(ts);
    QString out;
    qsizetype from = 0;
    *messages = 0;
    for (auto it = message.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(from, m.capturedStart() - from) + m.captured(1) + "<translation>" + kOpen + m.captured(2) +
               kClose + "</translation>";
        from = m.capturedEnd();
        ++*messages;
    }
    return (out + text.mid(from)).toUtf8();
}

// A rich text's words, the markers where they were (a table's layout would move them).
QString plain(QString text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    static const QRegularExpression tag("<[^>]*>");
    return text.replace(tag, " ").replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QTranslator m_translator;
    std::unique_ptr<MainWindow> w;
    QStringList m_data;                 // the data's names and values with letters, longest first
    int m_texts = 0;                    // texts checked
    QMap<QString, QString> m_unmarked;  // text -> where and which widget, first seen

    // Runs `program` (a Qt tool) with `args`; its output, or a failure naming the tool.
    static bool run(const QString& program, const QStringList& args, QString* output)
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(program, args);
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            *output = program + " failed: " + QString::fromLocal8Bit(p.readAll()) + p.errorString();
            return false;
        }
        *output = QString::fromLocal8Bit(p.readAll());
        return true;
    }

    // The letters of `text` outside the markers and the data; empty when it is all marked.
    QString unmarked(const QString& text) const
    {
        QString outside;
        int depth = 0;
        for (QChar c : text) {
            if (c == kOpen)
                ++depth;
            else if (c == kClose)
                depth = std::max(0, depth - 1);
            else if (depth == 0)
                outside += c;
        }
        const auto hasLetter = [](const QString& s) { return std::any_of(s.begin(), s.end(), [](QChar c) { return c.isLetter(); }); };
        if (!hasLetter(outside))
            return {};
        // File names and paths (the recent files, a folder chosen) are no text of ours, nor are the data's words.
        static const QRegularExpression path("\\S*/\\S*|[^\\s/]+\\.(json|csv|txt|dat|sav|dta|sas7bdat|db)\\b");
        outside.replace(path, " ");
        // The data's words (as whole words) are no text of ours.
        for (const QString& d : m_data)
            for (qsizetype at = outside.indexOf(d); at >= 0; at = outside.indexOf(d, at + 1)) {
                const qsizetype end = at + d.size();
                if ((at == 0 || !outside[at - 1].isLetterOrNumber()) &&
                    (end == outside.size() || !outside[end].isLetterOrNumber()))
                    outside.replace(at, d.size(), QString(d.size(), ' '));
            }
        return hasLetter(outside) ? outside.simplified() : QString();
    }
    void checkText(const QString& text, const QString& where, const QObject* owner)
    {
        const QString t = plain(text).remove("[*]").trimmed();
        if (t.isEmpty())
            return;
        ++m_texts;
        if (const QString rest = unmarked(t); !rest.isEmpty() && !m_unmarked.contains(t))
            m_unmarked.insert(t, QString("unmarked \"%1\" in %2: %3").arg(rest, where, testing::describe(owner)));
    }
    void checkMenu(const QList<QAction*>& actions, const QString& where, const QObject* owner)
    {
        for (QAction* a : actions) {
            if (a->isSeparator() || !a->isVisible())
                continue;
            checkText(a->text(), where + " (menu)", owner);
            checkText(a->toolTip() == QString(a->text()).remove('&') ? QString() : a->toolTip(), where, owner);
            checkText(a->statusTip(), where + " (status tip)", owner);
            if (a->menu())
                checkMenu(a->menu()->actions(), where, a->menu());
        }
    }
    void checkChart(ChartView* view, const QString& where)
    {
        QChart* chart = view->chart();
        checkText(chart->title(), where + " (chart title)", view);
        for (QAbstractAxis* axis : chart->axes())
            if (axis->isVisible() && axis->isTitleVisible())
                checkText(axis->titleText(), where + " (axis title)", view);
        for (QLegendMarker* marker : chart->legend()->markers())
            if (marker->isVisible() && chart->legend()->isVisible())
                checkText(marker->label(), where + " (legend)", view);
    }
    void check(const QString& where, QWidget* window)
    {
        checkText(window->windowTitle(), where + " (window title)", window);
        if (auto* mw = qobject_cast<QMainWindow*>(window))
            checkMenu(mw->menuBar()->actions(), where, mw->menuBar());
        for (QWidget* c : testing::shownWidgets(window)) {
            if (c->objectName().startsWith("qt_"))
                continue; // Qt's own parts, translated by Qt's catalogue
            if (c != window)
                checkText(c->toolTip(), where + " (tooltip)", c);
            if (auto* l = qobject_cast<QLabel*>(c))
                checkText(l->text(), where, c);
            if (auto* b = qobject_cast<QAbstractButton*>(c)) {
                // A standard button's own text is Qt's (Qt's catalogue translates it); a text given to it is ours.
                auto* box = qobject_cast<QDialogButtonBox*>(b->parentWidget());
                const auto standard = box ? box->standardButton(b) : QDialogButtonBox::NoButton;
                if (standard == QDialogButtonBox::NoButton || b->text() != QDialogButtonBox(standard).button(standard)->text())
                    checkText(b->text(), where, c);
            }
            if (auto* g = qobject_cast<QGroupBox*>(c))
                checkText(g->title(), where, c);
            if (auto* d = qobject_cast<QDockWidget*>(c))
                checkText(d->windowTitle(), where + " (panel title)", c);
            if (auto* e = qobject_cast<QLineEdit*>(c))
                checkText(e->placeholderText(), where + " (placeholder)", c);
            if (auto* s = qobject_cast<QAbstractSpinBox*>(c))
                checkText(s->specialValueText(), where + " (spin box)", c);
            if (auto* tabs = qobject_cast<QTabBar*>(c))
                for (int i = 0; i < tabs->count(); ++i)
                    if (tabs->isTabVisible(i)) {
                        checkText(tabs->tabText(i), where + " (tab)", c);
                        checkText(tabs->tabToolTip(i), where + " (tab tooltip)", c);
                    }
            if (auto* box = qobject_cast<QComboBox*>(c))
                for (int i = 0; i < box->count(); ++i)
                    checkText(box->itemText(i), where + " (combo box item)", c);
            if (auto* view = qobject_cast<QAbstractItemView*>(c); view && view->model())
                for (int col = 0; col < view->model()->columnCount(); ++col)
                    checkText(view->model()->headerData(col, Qt::Horizontal).toString(), where + " (header)", c);
            if (auto* chart = qobject_cast<ChartView*>(c))
                checkChart(chart, where);
        }
    }

private slots:
    void initTestCase()
    {
        RR_SKIP_PROCESSES_UNDER_TSAN(); // lupdate and lrelease run as processes
        testing::isolateSettings();
        QVERIFY2(QFileInfo(RR_LUPDATE).isExecutable() && QFileInfo(RR_LRELEASE).isExecutable(),
                 "lupdate and lrelease not found: install Qt Linguist's tools (Debian qt6-l10n-tools, "
                 "scripts/packages.sh) and configure again");
        QVERIFY(m_dir.isValid());
        const QString ts = m_dir.filePath("pseudo.ts"), qm = m_dir.filePath("pseudo.qm");
        QString out;
        QStringList args = QString(RR_LUPDATE_ARGS).split('|');
        QVERIFY2(run(RR_LUPDATE, args << "-locations" << "none" << "-ts" << ts, &out), qPrintable(out));
        // lupdate's count, and the messages the file has
        const QRegularExpressionMatch found = QRegularExpression("Found (\\d+) source text").match(out);
        QVERIFY2(found.hasMatch(), qPrintable(out));
        qInfo("lupdate: %s source texts", qPrintable(found.captured(1)));
        QFile file(ts);
        QVERIFY(file.open(QIODevice::ReadOnly));
        int messages = 0;
        const QByteArray pseudo = pseudoTranslate(file.readAll(), &messages);
        file.close();
        QVERIFY2(messages > 500, qPrintable(QString::number(messages)));
        QCOMPARE(messages, found.captured(1).toInt());
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(pseudo);
        file.close();
        QVERIFY2(run(RR_LRELEASE, {ts, "-qm", qm}, &out), qPrintable(out));
        QVERIFY(m_translator.load(qm));
        QVERIFY(QCoreApplication::installTranslator(&m_translator));

        w = testing::openSampleWindow();
        QVERIFY(w->workspace()->analysis());
        // Data: the names and values of the loaded table's attributes, and its files' names.
        QStringList data;
        for (const AttributeSummary& a : w->workspace()->source()->summary().attributes) {
            data << QString::fromStdString(a.name);
            for (const std::string& c : a.categories)
                data << QString::fromStdString(c);
        }
        data << "RR Explorer"; // the product's name, in the window title
        for (const QString& path : w->state()->dataPaths())
            data << QFileInfo(path).fileName() << QFileInfo(path).completeBaseName();
        data.removeIf([](const QString& d) { return std::none_of(d.begin(), d.end(), [](QChar c) { return c.isLetter(); }); });
        data.removeDuplicates();
        std::sort(data.begin(), data.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
        m_data = data;
        testing::walkEverything(w.get(), [this](const QString& where, QWidget* window) { check(where, window); });
        qInfo("%d texts checked", m_texts);
    }
    void cleanupTestCase()
    {
        w.reset();
        QCoreApplication::removeTranslator(&m_translator);
    }

    // The check can fail: a text outside tr() is caught, data is not.
    void detectsUnmarkedText()
    {
        QCOMPARE(unmarked(QString(kOpen) + "Risk of %1" + kClose), QString());
        QCOMPARE(unmarked(QString(kOpen) + "p of " + kOpen + "x" + kClose + kClose + " 0.6"), QString());
        QCOMPARE(unmarked("education, sex"), QString());
        QCOMPARE(unmarked(QString(kOpen) + "Risk" + kClose + " of education"), QString("of"));
        QCOMPARE(unmarked("Records"), QString("Records"));
        QVERIFY(m_texts > 500);
    }

    // Every text shown went through tr() with the context lupdate gave it.
    void everyVisibleTextIsTranslated()
    {
        for (auto i = m_unmarked.begin(); i != m_unmarked.end(); ++i)
            qWarning("\"%s\": %s", qPrintable(QString(i.key()).replace('\n', " / ").left(160)), qPrintable(i.value()));
        QVERIFY2(m_unmarked.isEmpty(),
                 qPrintable(QString("%1 texts without a translation (listed above)").arg(m_unmarked.size())));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
