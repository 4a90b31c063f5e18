#pragma once
// File > Open Database: a URL (sqlite:///file.db, postgresql://user@host/db, odbc://DSN), a table or a
// query, and an optional login. The URL is checked as it is typed (core/sources' parser, no connection);
// the password stays in memory for this one open and is never stored.
#include "ui/session/DatabaseChoice.h"
#include "core/sources/SqlUrl.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QRadioButton;

namespace rr::ui {

class OpenDatabaseDialog : public QDialog {
    Q_OBJECT
public:
    explicit OpenDatabaseDialog(QWidget* parent = nullptr);

    // Prefills the fields (the last database opened, or a session's).
    void setChoice(const DatabaseChoice& choice);
    DatabaseChoice choice() const;
    sql::Credentials credentials() const;

    QLineEdit* urlEdit() const { return m_url; }
    QLineEdit* tableEdit() const { return m_table; }
    QPlainTextEdit* queryEdit() const { return m_query; }
    QRadioButton* queryButton() const { return m_useQuery; }
    QLineEdit* passwordEdit() const { return m_password; }
    QLabel* problemLabel() const { return m_problem; }
    // Whether OK is enabled: the URL and the table or query parse.
    bool isAcceptable() const;

private:
    void check();

    QLineEdit* m_url;
    QRadioButton* m_useTable;
    QRadioButton* m_useQuery;
    QLineEdit* m_table;
    QPlainTextEdit* m_query;
    QLineEdit* m_user;
    QLineEdit* m_password;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};

} // namespace rr::ui
