package access

import "testing"

func TestRolePermissions(t *testing.T) {
	tests := []struct {
		role    string
		has     []Permission
		hasNot  []Permission
		wantLen int
	}{
		{"default", []Permission{DashboardRead}, []Permission{AccountsRead, PayoutsRead}, 1},
		{"", []Permission{DashboardRead}, []Permission{AccountsRead}, 1},
		{"superuser", []Permission{DashboardRead}, []Permission{UsersRead}, 1},
		{"observer", []Permission{AccountsRead, CollectionsRead, CollectionOrdersRead, CryptoRead, DashboardRead, PayoutsRead,
			PayoutBatchesRead, PayoutDraftsRead, ReceiversRead, WithdrawalsRead}, []Permission{ExportsRead, AccountsManage, UsersRead}, 10},
		{"finance", []Permission{ExportsRead, ExportsManage, ExportsDownload, AccountsRead}, []Permission{AccountsManage, UsersRead}, 13},
		{"operations member", []Permission{AccountsManage, AccountsFunding, CollectionOrdersMan, CryptoManage, PayoutsManage,
			PayoutBatchesManage, PayoutDraftsManage, ReceiversManage, WithdrawalsManage, ExportsRead},
			[]Permission{PayoutBatchesReview, PayoutDraftsReview, UsersRead}, 22},
		{"operations_member", []Permission{AccountsManage}, []Permission{PayoutBatchesReview}, 22},
		{"Operations Member", []Permission{AccountsManage}, nil, 22},
		{"operations_member_reviewer", []Permission{PayoutBatchesReview, PayoutDraftsReview, AccountsManage}, []Permission{UsersRead, UsersManage}, 24},
		{"admin", []Permission{UsersRead, UsersManage, AccountsManage}, []Permission{PayoutBatchesReview, PayoutDraftsReview}, 24},
		{"admin_reviewer", []Permission{UsersRead, UsersManage, PayoutBatchesReview, PayoutDraftsReview}, nil, 26},
	}
	for _, tt := range tests {
		s := For(tt.role)
		for _, p := range tt.has {
			if !s.Has(p) {
				t.Errorf("%q lacks %s", tt.role, p)
			}
		}
		for _, p := range tt.hasNot {
			if s.Has(p) {
				t.Errorf("%q has %s", tt.role, p)
			}
		}
		if len(s) != tt.wantLen {
			t.Errorf("%q has %d permissions, want %d", tt.role, len(s), tt.wantLen)
		}
	}
}

func TestNormalizeAndLabel(t *testing.T) {
	tests := []struct{ in, norm, label string }{
		{"operations member", RoleOperationsMember, "Operations member"},
		{"admin_reviewer", RoleAdminReviewer, "Admin / Approver"},
		{"operations_member_reviewer", RoleOperationsMemberReviewer, "Operations member / Approver"},
		{"nonsense", RoleDefault, "Default"},
		{"", RoleDefault, "Default"},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.norm {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.norm)
		}
		if got := Label(tt.in); got != tt.label {
			t.Errorf("Label(%q) = %q, want %q", tt.in, got, tt.label)
		}
	}
}
